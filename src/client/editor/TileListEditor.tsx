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
import type { ListChange } from './useKeyedList.js';
import { useListEditing } from './useListEditing.js';
import {
  isWholeSampleTile,
  keepsSampleLink,
  useSampleTiles,
  withoutSampleTiles,
} from './sampleLeftovers.js';
import { SampleRemoval } from './SampleRemoval.js';

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

/** The link field's note when a rewritten tile still links where the sample's tile did. */
export const SAMPLE_LINK_HINT =
  "Still the sample's link: put your own address here, or clear it to show no link.";

const tileCopy = (
  position: number,
  sampleLink: boolean,
): Record<(typeof TILE_FIELDS)[number]['key'], FieldCopy> => ({
  title: { placeholder: 'Tile title' },
  desc: { rows: 3, placeholder: 'What it is and why it matters' },
  img: {
    image: { label: 'Image (optional)', name: `image of tile ${position}` },
    placeholder: 'https://example.com/picture.jpg',
  },
  link: {
    placeholder: 'https://example.com (optional)',
    ...(sampleLink ? { hint: SAMPLE_LINK_HINT } : {}),
  },
});

/** A tile with nothing written, picked or uploaded in it. */
const isBlankTile = (tile: Tile) =>
  TILE_FIELDS.every((field) => (tile[field.key] ?? '').trim() === '') && !tile.icon;

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

  const add = () => {
    const first = TILE_FIELDS.find((field) => fields.includes(field.key));
    // The one tile a list keeps is still blank (the sample's tiles were just removed): it is
    // the tile to write in, rather than a second that would leave it empty on the page.
    if (tiles.length === 1 && isBlankTile(tiles[0]!) && first) {
      document.getElementById(`${prefix(1)}-${first.id}`)?.focus();
      return;
    }
    editing.add(blankTile(), `${prefix(tiles.length + 1)}-${first ? first.id : 'remove'}`);
  };

  const set = (key: string, patch: Partial<Tile>) =>
    editing.update(key, (tile) => {
      const next: Tile = { ...tile, ...patch };
      if (patch.icon === undefined && 'icon' in patch) delete next.icon;
      return next;
    });

  return (
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
      beforeItems={
        <SampleRemoval
          items={tiles}
          isSample={(tile) => isWholeSampleTile(tile, sampleTiles)}
          without={(list) => withoutSampleTiles(list, sampleTiles)}
          onChange={onChange}
          noun="tile"
          listLabel={sectionLabel}
          idPrefix={`${sectionKey}-tiles`}
        />
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
              copy={tileCopy(position, keepsSampleLink(tile, sampleTiles))}
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
  );
}
