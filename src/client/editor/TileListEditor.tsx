import { useState } from 'react';
import { TILE_ICONS } from '../../shared/domain/icons.js';
import { LIMITS } from '../../shared/domain/limits.js';
import {
  blankTile,
  type SectionKey,
  type Tile,
  type TileField,
} from '../../shared/domain/portfolio.js';
import { TileIcon } from '../../shared/templates/common/Icon.js';
import { fieldId } from './fieldRules.js';
import { IconPicker } from './IconPicker.js';
import { ImageField } from './ImageField.js';
import { ItemToolbar } from './ItemToolbar.js';
import { TextField } from './TextField.js';
import { UiIcon } from './UiIcon.js';
import { useFocusAfterRender } from './useFocusAfterRender.js';
import { useKeyedList } from './useKeyedList.js';

interface TileListEditorProps {
  sectionKey: SectionKey;
  /** The section's name, e.g. "Projects". */
  sectionLabel: string;
  fields: readonly TileField[];
  tiles: readonly Tile[];
  onChange: (tiles: Tile[]) => void;
}

/** The order fields appear in, whatever order the template lists them. */
const FIELD_ORDER: readonly TileField[] = ['title', 'desc', 'img', 'link', 'icon'];

export const KEEP_ONE_TILE =
  'A section keeps at least one tile, so the last one cannot be removed. Clear its fields instead.';
export const TILES_FULL = `A section holds at most ${LIMITS.maxTiles} tiles. Remove one to add another.`;

/** A section's tiles: edit, add (up to 24), remove (never the last), move up and down. */
export function TileListEditor({
  sectionKey,
  sectionLabel,
  fields,
  tiles,
  onChange,
}: TileListEditorProps) {
  const list = useKeyedList(tiles, onChange);
  const focusLater = useFocusAfterRender();
  // What happened, for screen readers; and a refusal, shown beside the control that was refused.
  const [message, setMessage] = useState('');
  const [refusal, setRefusal] = useState<'keep-one' | 'full' | null>(null);
  const refuse = (kind: 'keep-one' | 'full') => {
    setRefusal(kind);
    setMessage(kind === 'full' ? TILES_FULL : KEEP_ONE_TILE);
  };
  const tell = (text: string) => {
    setRefusal(null);
    setMessage(text);
  };
  const shown = FIELD_ORDER.filter((field) => fields.includes(field));
  const full = tiles.length >= LIMITS.maxTiles;
  const onlyOne = tiles.length <= LIMITS.minTiles;
  const prefix = (position: number) => fieldId(sectionKey, 'tile', position);
  const headingId = `${sectionKey}-tiles-heading`;
  const keepNoteId = `${sectionKey}-tiles-keep-one`;
  const fullNoteId = `${sectionKey}-tiles-full`;

  const add = () => {
    if (full) {
      refuse('full');
      return;
    }
    list.add(blankTile());
    const position = tiles.length + 1;
    tell(`Tile ${position} added.`);
    const first = shown.find((field) => field !== 'icon');
    focusLater(first ? `${prefix(position)}-${first}` : `${prefix(position)}-remove`);
  };

  const remove = (index: number) => {
    if (onlyOne) {
      refuse('keep-one');
      return;
    }
    list.remove(index);
    tell(`Tile ${index + 1} removed.`);
    const next = Math.min(index, tiles.length - 2);
    focusLater(`${prefix(next + 1)}-remove`);
  };

  const move = (index: number, delta: -1 | 1) => {
    const target = index + delta;
    list.move(index, delta);
    tell(`Tile ${index + 1} moved ${delta < 0 ? 'up' : 'down'}; it is now tile ${target + 1}.`);
    const atEdge = target === 0 || target === tiles.length - 1;
    const button = atEdge ? (delta < 0 ? 'down' : 'up') : delta < 0 ? 'up' : 'down';
    focusLater(`${prefix(target + 1)}-${button}`);
  };

  const set = (index: number, tile: Tile, patch: Partial<Tile>) => {
    const next: Tile = { ...tile, ...patch };
    if (patch.icon === undefined && 'icon' in patch) delete next.icon;
    list.replace(index, next);
  };

  return (
    <section className="list-editor" aria-labelledby={headingId}>
      <header className="list-editor__head">
        <h3 id={headingId} className="list-editor__title">
          Tiles<span className="visually-hidden"> in {sectionLabel}</span>
        </h3>
        <span className="list-editor__count">
          {tiles.length} of {LIMITS.maxTiles}
        </span>
      </header>
      <ol className="list-editor__items">
        {list.entries.map(({ key, item: tile, index }) => {
          const position = index + 1;
          const context = `Tile ${position}`;
          const id = (field: TileField) => `${prefix(position)}-${field}`;
          return (
            <li key={key} className="item-card">
              <fieldset className="item-card__fieldset">
                <legend className="item-card__legend">
                  <span className="item-card__name">Tile {position}</span>
                  {tile.title.trim() && (
                    <span className="item-card__summary" aria-hidden="true">
                      {tile.title}
                    </span>
                  )}
                </legend>
                <ItemToolbar
                  idPrefix={prefix(position)}
                  itemName={`tile ${position}`}
                  isFirst={index === 0}
                  isLast={index === tiles.length - 1}
                  onMove={(delta) => move(index, delta)}
                  onRemove={() => remove(index)}
                  removeRefusal={onlyOne ? { noteId: keepNoteId } : undefined}
                />
                {onlyOne && refusal === 'keep-one' && (
                  <p className="list-editor__refusal">{KEEP_ONE_TILE}</p>
                )}
                <div className="item-card__fields">
                  {shown.map((field) => {
                    switch (field) {
                      case 'title':
                        return (
                          <TextField
                            key={field}
                            id={id(field)}
                            context={context}
                            label="Title"
                            kind="line"
                            value={tile.title}
                            placeholder="Tile title (required)"
                            onChange={(title) => set(index, tile, { title })}
                          />
                        );
                      case 'desc':
                        return (
                          <TextField
                            key={field}
                            id={id(field)}
                            context={context}
                            label="Description"
                            kind="paragraph"
                            rows={3}
                            value={tile.desc}
                            placeholder="What it is and why it matters (required)"
                            onChange={(desc) => set(index, tile, { desc })}
                          />
                        );
                      case 'img':
                        return (
                          <ImageField
                            key={field}
                            id={id(field)}
                            context={context}
                            label="Image (optional)"
                            name={`image of tile ${position}`}
                            urlLabel="Image URL"
                            value={tile.img}
                            placeholder="https://example.com/picture.jpg"
                            onChange={(img) => set(index, tile, { img })}
                          />
                        );
                      case 'link':
                        return (
                          <TextField
                            key={field}
                            id={id(field)}
                            context={context}
                            label="Link"
                            kind="link"
                            value={tile.link}
                            placeholder="https://example.com (optional)"
                            onChange={(link) => set(index, tile, { link })}
                          />
                        );
                      case 'icon':
                        return (
                          <IconPicker
                            key={field}
                            name={id(field)}
                            context={context}
                            legend="Icon"
                            options={TILE_ICONS}
                            value={tile.icon}
                            allowNone
                            renderIcon={(icon) => <TileIcon name={icon} />}
                            onChange={(icon) => set(index, tile, { icon })}
                          />
                        );
                      default:
                        return null;
                    }
                  })}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="list-editor__foot">
        <button
          type="button"
          className="button button--ghost list-editor__add"
          aria-disabled={full ? true : undefined}
          aria-describedby={full ? fullNoteId : undefined}
          onClick={add}
        >
          <UiIcon name="add" />
          Add a tile<span className="visually-hidden"> to {sectionLabel}</span>
        </button>
        <p className="visually-hidden" id={keepNoteId}>
          {KEEP_ONE_TILE}
        </p>
        <p className="visually-hidden" id={fullNoteId}>
          {TILES_FULL}
        </p>
        {full && refusal === 'full' && <p className="list-editor__refusal">{TILES_FULL}</p>}
      </div>
      <p className="list-editor__announce visually-hidden" role="status">
        {message}
      </p>
    </section>
  );
}
