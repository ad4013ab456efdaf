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
import { fieldId, TILE_FIELDS } from './fieldRules.js';
import { FormFields, type FieldCopy } from './FormFields.js';
import { IconPicker } from './IconPicker.js';
import { ItemCard, ListEditor } from './ListEditor.js';
import { withKeysOf, type ListChange } from './useKeyedList.js';
import { useListEditing } from './useListEditing.js';
import { useFocusAfterRender } from './useFocusAfterRender.js';
import { isWholeSampleTile, useSampleTiles, withoutSampleTiles } from './sampleLeftovers.js';
import { plural } from '../../shared/plural.js';

interface TileListEditorProps {
  sectionKey: SectionKey;
  /** The section's name, e.g. "Projects". */
  sectionLabel: string;
  fields: readonly TileField[];
  tiles: readonly Tile[];
  onChange: (change: ListChange<Tile>) => void;
}

export const KEEP_ONE_TILE =
  'A section keeps at least one tile, so the last one cannot be removed. Clear its fields instead.';
export const TILES_FULL = `A section holds at most ${LIMITS.maxTiles} tiles. Remove one to add another.`;

const tileCopy = (position: number): Record<(typeof TILE_FIELDS)[number]['key'], FieldCopy> => ({
  title: { placeholder: 'Tile title' },
  desc: { rows: 3, placeholder: 'What it is and why it matters' },
  img: {
    image: { label: 'Image (optional)', name: `image of tile ${position}` },
    placeholder: 'https://example.com/picture.jpg',
  },
  link: { placeholder: 'https://example.com (optional)' },
});

/**
 * A section's tiles: edit, add (up to 24), remove (never the last), move up and down. Their text
 * fields come first, in the table's order whatever order the template lists them, then the icon.
 */
export function TileListEditor({
  sectionKey,
  sectionLabel,
  fields,
  tiles,
  onChange,
}: TileListEditorProps) {
  const prefix = (position: number) => fieldId(sectionKey, 'tile', position);
  const editing = useListEditing(tiles, onChange, {
    noun: 'Tile',
    movedNoun: 'tile',
    prefix,
    max: LIMITS.maxTiles,
    full: { message: TILES_FULL, noteId: `${sectionKey}-tiles-full` },
    keep: { min: LIMITS.minTiles, message: KEEP_ONE_TILE, noteId: `${sectionKey}-tiles-keep-one` },
  });

  const sampleTiles = useSampleTiles();
  const samples = tiles.filter((tile) => isWholeSampleTile(tile, sampleTiles)).length;
  // The list before the sample tiles went, offered back while the list is as they left it.
  const [removal, setRemoval] = useState<{ before: Tile[]; after: Tile[]; count: number }>();
  const undoable = removal && removal.after === tiles ? removal : undefined;
  const focusLater = useFocusAfterRender();
  // The button pressed is gone once it has done its work: focus goes to the one in its place.
  const undoId = `${sectionKey}-undo-sample-tiles`;
  const removeId = `${sectionKey}-remove-sample-tiles`;

  const removeSamples = () => {
    // The person's tiles keep their keys, and the list before keeps its own: an upload on its
    // way to one of their tiles lands on it whichever list is shown when it ends.
    const after = withKeysOf(tiles, withoutSampleTiles(tiles, sampleTiles));
    onChange(() => after);
    setRemoval({ before: withKeysOf(tiles, [...tiles]), after, count: samples });
    focusLater(undoId);
  };
  const undo = (before: Tile[]) => {
    onChange(() => before);
    setRemoval(undefined);
    focusLater(removeId);
  };

  const add = () => {
    const first = TILE_FIELDS.find((field) => fields.includes(field.key));
    editing.add(blankTile(), `${prefix(tiles.length + 1)}-${first ? first.id : 'remove'}`);
  };

  const set = (key: string, patch: Partial<Tile>) =>
    editing.update(key, (tile) => {
      const next: Tile = { ...tile, ...patch };
      if (patch.icon === undefined && 'icon' in patch) delete next.icon;
      return next;
    });

  return (
    <>
      {samples > 0 && !undoable && (
        <div className="sample-tiles">
          <p className="sample-tiles__text">
            {samples === tiles.length
              ? `${samples === 1 ? 'This tile is' : `All ${samples} tiles are`} still the sample's.`
              : `${samples} of ${tiles.length} tiles are still the sample's.`}
          </p>
          <button
            id={removeId}
            type="button"
            className="button button--ghost sample-tiles__button"
            onClick={removeSamples}
          >
            {samples === 1 ? 'Remove the sample tile' : `Remove the ${samples} sample tiles`}
            <span className="visually-hidden"> from {sectionLabel}</span>
          </button>
        </div>
      )}
      {undoable && (
        <div className="sample-tiles">
          <p className="sample-tiles__text" role="status">
            {`Removed ${plural(undoable.count, 'sample tile')}.`}
          </p>
          <button
            id={undoId}
            type="button"
            className="button button--ghost sample-tiles__button"
            onClick={() => undo(undoable.before)}
          >
            Undo<span className="visually-hidden"> removing the sample tiles</span>
          </button>
        </div>
      )}
      <ListEditor
        editing={editing}
        headingId={`${sectionKey}-tiles-heading`}
        title={
          <>
            Tiles<span className="visually-hidden"> in {sectionLabel}</span>
          </>
        }
        addLabel={
          <>
            Add a tile<span className="visually-hidden"> to {sectionLabel}</span>
          </>
        }
        onAdd={add}
      >
        {editing.entries.map(({ key, item: tile, index }) => {
          const position = index + 1;
          const context = `Tile ${position}`;
          return (
            <ItemCard key={key} editing={editing} index={index} name={context} summary={tile.title}>
              <FormFields
                fields={TILE_FIELDS}
                shown={fields}
                values={tile}
                copy={tileCopy(position)}
                idOf={(field) => `${prefix(position)}-${field.id}`}
                context={context}
                onChange={(field, value) => set(key, { [field]: value })}
              />
              {fields.includes('icon') && (
                <IconPicker
                  name={`${prefix(position)}-icon`}
                  context={context}
                  legend="Icon"
                  options={TILE_ICONS}
                  value={tile.icon}
                  allowNone
                  renderIcon={(icon) => <TileIcon name={icon} />}
                  onChange={(icon) => set(key, { icon })}
                />
              )}
            </ItemCard>
          );
        })}
      </ListEditor>
    </>
  );
}
