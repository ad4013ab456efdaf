import type { TemplateProps } from '../definition.js';

export function SolidStateTemplate({ data }: TemplateProps) {
  return (
    <div className="tpl-solid-state">
      <h1 id="personalDetails">{data.personalDetails.name}</h1>
    </div>
  );
}
