import type { TemplateProps } from '../definition.js';

export function HyperspaceTemplate({ data }: TemplateProps) {
  return (
    <div className="tpl-hyperspace">
      <h1 id="personalDetails">{data.personalDetails.name}</h1>
    </div>
  );
}
