import type { TemplateProps } from '../definition.js';

export function MiniportTemplate({ data }: TemplateProps) {
  return (
    <div className="tpl-miniport">
      <h1 id="personalDetails">{data.personalDetails.name}</h1>
    </div>
  );
}
