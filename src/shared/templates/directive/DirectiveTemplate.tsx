import type { TemplateProps } from '../definition.js';

export function DirectiveTemplate({ data }: TemplateProps) {
  return (
    <div className="tpl-directive">
      <h1 id="personalDetails">{data.personalDetails.name}</h1>
    </div>
  );
}
