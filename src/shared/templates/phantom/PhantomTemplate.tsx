import type { TemplateProps } from '../definition.js';

export function PhantomTemplate({ data }: TemplateProps) {
  return (
    <div className="tpl-phantom">
      <h1 id="personalDetails">{data.personalDetails.name}</h1>
    </div>
  );
}
