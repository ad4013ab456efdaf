import {
  createContext,
  memo,
  useContext,
  useEffect,
  useRef,
  useState,
  type ClipboardEvent,
  type DragEvent,
  type Ref,
} from 'react';
import { sharePageHint, sharePageOf } from '../../shared/image-links.js';
import {
  ACCEPTED_FORMATS_TEXT,
  ACCEPTED_IMAGE_MIME_TYPES,
  CENTRE,
  mediaUrl,
  parseUploadRef,
  startingFocus,
  UPLOAD_MAX_BYTES,
  variantFile,
  variantWidths,
  withFocus,
  type UploadRef,
} from '../../shared/uploads.js';
import { isTemplateArt } from '../../shared/domain/urls.js';
import { currentSession, useSession } from '../auth/session.js';
import { useSignIn } from '../auth/useSignIn.js';
import { checkBeforeSending, UploadError } from '../uploads/sendUpload.js';
import { queueUpload } from '../uploads/uploadQueue.js';
import { FocalPointPicker } from './FocalPointPicker.js';
import { TextField } from './TextField.js';
import { UiIcon, type UiIconName } from '../components/UiIcon.js';

/** Uploads are kept under the person's account: what a signed-out drop or paste is told. */
const SIGN_IN_TO_UPLOAD =
  'Sign in to upload this photo: your draft stays as it is, and the photo goes up once you are in.';
/** Hashes of uploads the server said it no longer has (the draft's images that were swept). */
export const MissingUploadsContext = createContext<ReadonlySet<string>>(new Set());

/** The editor shows its thumbnails from the app's own media route (a CDN serves pages). */
const EDITOR_MEDIA_BASE = '/media';

function thumbnailOf(ref: UploadRef): string {
  return mediaUrl(EDITOR_MEDIA_BASE, ref.hash, variantFile(variantWidths(ref.width)[0]!, 'webp'));
}

const FORMATS_LINE = `${ACCEPTED_FORMATS_TEXT}, up to ${UPLOAD_MAX_BYTES / (1024 * 1024)} MB.`;

type Status =
  | { kind: 'idle' }
  /** Its turn among the person's uploads has not come yet (uploadQueue.ts). */
  | { kind: 'waiting' }
  | { kind: 'sending'; fraction: number }
  | { kind: 'failed'; message: string }
  /** A file dropped or pasted while signed out (or refused for it): it goes up after sign-in. */
  | { kind: 'needsSignIn'; file: File }
  /** Signed in from the Upload button: the browser opens the picker only on a fresh press. */
  | { kind: 'signedIn' };

interface ImageFieldProps {
  /** The address field's id (the one problems link to); other parts derive theirs from it. */
  id: string;
  label: string;
  /** Said before the label to screen readers only, e.g. "Tile 2". */
  context?: string;
  /** The image's name in sentences, e.g. "profile picture". */
  name: string;
  /** The address field's label, e.g. "Profile image URL". */
  urlLabel: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
}

/**
 * An image: uploaded from the computer (button, drag and drop, paste), or an address. The draft
 * keeps only the upload's reference. An upload shows its thumbnail, where the point a crop keeps
 * in view can be chosen, and Replace and Remove.
 * Memoized: a keystroke elsewhere in the form does not render it again.
 */
export const ImageField = memo(function ImageField({
  id,
  label,
  context,
  name,
  urlLabel,
  value,
  onChange,
  placeholder,
}: ImageFieldProps) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);
  const cancel = useRef<AbortController | null>(null);
  const missing = useContext(MissingUploadsContext);
  const session = useSession();
  const signedOut = session.status === 'ready' && !session.user;
  const { signIn, pending: signingIn, message: signInMessage } = useSignIn();

  const upload = parseUploadRef(value.trim());
  // Waiting for its turn counts as busy: a second pick would replace the first unseen.
  const sending = status.kind === 'sending' || status.kind === 'waiting';
  const labelId = `${id}-label`;
  const shareLink = upload ? undefined : sharePageOf(value);
  // The sample's own picture is named as what it is; its path on our site means nothing to people.
  const sampleArt = isTemplateArt(value.trim());

  const send = async (file: File) => {
    // Signed out, the server would refuse a good file after its bytes crossed a phone's network:
    // the file waits for the sign-in. A file that cannot be sent at all says so first.
    const now = currentSession();
    if (now.status === 'ready' && !now.user) {
      const problem = checkBeforeSending(file);
      if (problem) {
        setStatus({ kind: 'failed', message: problem.message });
        return;
      }
      setStatus({ kind: 'needsSignIn', file });
      setAnnouncement(SIGN_IN_TO_UPLOAD);
      return;
    }
    cancel.current?.abort();
    const controller = new AbortController();
    cancel.current = controller;
    setStatus({ kind: 'sending', fraction: 0 });
    const fileName = file.name || 'the image';
    setAnnouncement(`Uploading ${fileName}…`);
    try {
      const image = await queueUpload(file, {
        onStart: () => setStatus({ kind: 'sending', fraction: 0 }),
        onProgress: (fraction) => setStatus({ kind: 'sending', fraction }),
        onWaiting: () => {
          setStatus({ kind: 'waiting' });
          setAnnouncement(`${fileName} waits for your other uploads.`);
        },
        signal: controller.signal,
      });
      setStatus({ kind: 'idle' });
      setAnnouncement(`Uploaded. The ${name} now shows ${file.name || 'your image'}.`);
      onChange(withFocus(image.ref, startingFocus(image)));
    } catch (error) {
      if (controller.signal.aborted) {
        setStatus({ kind: 'idle' });
        setAnnouncement('Upload cancelled.');
        return;
      }
      const failure =
        error instanceof UploadError ? error : new UploadError((error as Error).message, 0);
      if (failure.status === 401) {
        setStatus({ kind: 'needsSignIn', file });
        setAnnouncement(SIGN_IN_TO_UPLOAD);
        return;
      }
      setStatus({ kind: 'failed', message: failure.message });
      setAnnouncement('');
    }
  };

  const takeFirst = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (file) void send(file);
  };

  const signInAndSend = async (file: File) => {
    if (await signIn()) void send(file);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    setDragging(false);
    takeFirst(event.dataTransfer.files);
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };

  // A pasted image (a screenshot, a copied photo); pasted text goes to the address field.
  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const file = [...event.clipboardData.files].find((item) => item.type.startsWith('image/'));
    if (!file) return;
    event.preventDefault();
    void send(file);
  };

  const remove = () => {
    onChange('');
    setStatus({ kind: 'idle' });
    setAnnouncement(`The ${name} was removed.`);
  };

  // Signed out, sign-in comes before the file: no photo is chosen only to be turned away.
  const pick = async () => {
    if (!signedOut) {
      inputRef.current?.click();
      return;
    }
    if (!(await signIn())) return;
    // The browser opens a file picker only right after a press, and the sign-in window (a tab
    // of its own on a phone) took longer than that: the button now says Upload, and the line
    // beside it (a polite live region) says one more press opens the picker.
    setStatus({ kind: 'signedIn' });
  };

  // Back from signing in: the same button, in view and focused once it is enabled again, so the
  // next press is plainly the one to make.
  const backFromSignIn = status.kind === 'signedIn' && !signingIn && !signedOut;
  useEffect(() => {
    if (!backFromSignIn) return;
    const button = uploadButton.current;
    if (!button) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    button.scrollIntoView({ block: 'center', behavior: reduced ? 'instant' : 'smooth' });
    button.focus({ preventScroll: true });
  }, [backFromSignIn]);

  return (
    <div
      className={`image-field${dragging ? ' is-dragging' : ''}`}
      role="group"
      aria-labelledby={labelId}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      onPaste={onPaste}
    >
      <p className="field__label image-field__label" id={labelId}>
        {context && <span className="visually-hidden">{context} </span>}
        {label}
      </p>

      {upload ? (
        <div className="image-field__uploaded">
          <FocalPointPicker
            id={`${id}-focus`}
            name={name}
            thumbnailUrl={thumbnailOf(upload)}
            width={upload.width}
            height={upload.height}
            value={upload.focus ?? CENTRE}
            onChange={(focus) => onChange(withFocus(value.trim(), focus))}
          />
          {missing.has(upload.hash) && (
            <p className="field__problem">
              <UiIcon name="alert" className="field__problem-icon" />
              This image is no longer stored (it went unused for 30 days). Please upload it again.
            </p>
          )}
          <div className="image-field__actions">
            <ImageButton
              ref={uploadButton}
              verb="Replace"
              imageName={name}
              disabled={sending || signingIn}
              onClick={() => void pick()}
            />
            <ImageButton
              verb="Remove"
              imageName={name}
              icon="remove"
              disabled={sending}
              onClick={remove}
            />
          </div>
          <SignedInLine id={id} shown={backFromSignIn} />
        </div>
      ) : (
        <div className="image-field__drop">
          {sampleArt && (
            <div className="image-field__sample">
              <img src={value.trim()} alt="" width={56} height={56} />
              <p>
                The template’s sample picture, shown until you choose your own.{' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() => {
                    remove();
                    // The button goes with the sample: focus stays in the field, on Upload.
                    uploadButton.current?.focus();
                  }}
                >
                  Remove it<span className="visually-hidden"> (the sample {name})</span>
                </button>
              </p>
            </div>
          )}
          <ImageButton
            ref={uploadButton}
            verb={signingIn ? 'Signing in to upload' : signedOut ? 'Sign in to upload' : 'Upload'}
            imageName={name}
            icon="add"
            primary
            disabled={sending || signingIn}
            describedBy={`${id}-formats`}
            onClick={() => void pick()}
          />
          <SignedInLine id={id} shown={backFromSignIn} />
          <p className="image-field__formats" id={`${id}-formats`}>
            {signedOut && 'Your photos are kept in your account; your draft stays as it is. '}
            {/* A phone has no file to drop and no copied photo to paste. */}
            <span className="for-pointer">Or drop or paste a photo here. </span>
            {FORMATS_LINE}
          </p>
        </div>
      )}

      <input
        ref={inputRef}
        id={`${id}-file`}
        className="visually-hidden"
        type="file"
        accept={ACCEPTED_IMAGE_MIME_TYPES.join(',')}
        tabIndex={-1}
        aria-label={`Choose a file for the ${name}`}
        onChange={(event) => {
          takeFirst(event.target.files);
          // The same file chosen again (after an error) must fire again.
          event.target.value = '';
        }}
      />

      {status.kind === 'sending' && (
        <div className="image-field__progress">
          <progress
            max={100}
            value={Math.round(status.fraction * 100)}
            aria-label={`Uploading the ${name}`}
          />
          <span className="image-field__percent" aria-hidden="true">
            {/* Once every byte is sent, the server is still making the image's sizes. */}
            {status.fraction >= 1 ? 'Processing…' : `${Math.round(status.fraction * 100)}%`}
          </span>
          <CancelUploadButton onCancel={() => cancel.current?.abort()} />
        </div>
      )}

      {status.kind === 'waiting' && (
        <div className="image-field__progress">
          <span className="image-field__waiting">Waiting for your other uploads…</span>
          <CancelUploadButton onCancel={() => cancel.current?.abort()} />
        </div>
      )}

      {status.kind === 'needsSignIn' && (
        <div className="image-field__note">
          <p>{SIGN_IN_TO_UPLOAD}</p>
          <button
            type="button"
            className="button image-field__button"
            onClick={() => void signInAndSend(status.file)}
            disabled={signingIn}
          >
            {signingIn ? 'Signing in…' : 'Sign in and upload'}
          </button>
        </div>
      )}

      {signInMessage && (
        <p className="field__problem" role="alert">
          <UiIcon name="alert" className="field__problem-icon" />
          {signInMessage}
        </p>
      )}

      {status.kind === 'failed' && (
        <div className="image-field__error" role="alert">
          <p className="field__problem">
            <UiIcon name="alert" className="field__problem-icon" />
            {status.message}
          </p>
        </div>
      )}

      {!upload && (
        <TextField
          id={id}
          context={context}
          label={urlLabel}
          hint="Or use an image that is already online: its address."
          kind="image"
          value={sampleArt ? '' : value}
          placeholder={placeholder}
          warning={shareLink ? sharePageHint(shareLink) : undefined}
          onChange={onChange}
        />
      )}

      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
});

/** Stops an upload that is waiting its turn or on its way. */
function CancelUploadButton({ onCancel }: { onCancel: () => void }) {
  return (
    <button type="button" className="button button--ghost image-field__button" onClick={onCancel}>
      Cancel<span className="visually-hidden"> the upload</span>
    </button>
  );
}

/** A button that acts on the image, named in full to screen readers ("Remove the profile picture"). */
function ImageButton({
  verb,
  imageName,
  icon,
  primary = false,
  disabled,
  describedBy,
  onClick,
  ref,
}: {
  ref?: Ref<HTMLButtonElement>;
  verb: string;
  imageName: string;
  icon?: UiIconName;
  primary?: boolean;
  disabled: boolean;
  describedBy?: string;
  onClick: () => void;
}) {
  return (
    <button
      ref={ref}
      type="button"
      className={`button${primary ? '' : ' button--ghost'} image-field__button`}
      onClick={onClick}
      disabled={disabled}
      aria-describedby={describedBy}
    >
      {icon && <UiIcon name={icon} />}
      {verb}
      <span className="visually-hidden"> the {imageName}</span>
    </button>
  );
}

/**
 * Beside the button after a sign-in from it: always in the page (a live region is heard only
 * once it exists), its words put in when the person is back.
 */
function SignedInLine({ id, shown }: { id: string; shown: boolean }) {
  return (
    <p className="image-field__signed-in" id={`${id}-signed-in`} role="status">
      {shown && (
        <>
          <UiIcon name="check" /> Signed in. Now choose your photo.
        </>
      )}
    </p>
  );
}
