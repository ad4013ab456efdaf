import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Link, useLocation, useNavigate, useNavigationType } from 'react-router';
import type { Draft } from '../../shared/draft.js';
import {
  CHOOSE_PATH,
  EDIT_PATH,
  FINAL_PREVIEW_PATH,
  readEditorNavigation,
  stepInHistory,
  type EditorNavigationState,
} from '../../shared/routes.js';
import { TEMPLATE_DEFINITIONS, templateName } from '../../shared/templates/catalog.js';
import { publicPagePath } from '../../shared/routes.js';
import { MAIN_CONTENT_ID, TopBar } from '../components/TopBar.js';
import { readEditingTarget, readStepReached, writeStepReached } from '../draft/storage.js';
import { ClearDraftDialog } from './ClearDraftDialog.js';
import { DraftActions } from './DraftActions.js';
import { ImportUndoNote } from '../import/ImportUndoNote.js';
import { SECTION_KEYS, type PortfolioData } from '../../shared/domain/portfolio.js';
import type { EditorStart } from './editorData.js';
import { draftProblems, type DraftProblem } from './fieldRules.js';
import { LivePreviewFrame } from './LivePreviewFrame.js';
import { ProblemSummary } from './ProblemSummary.js';
import { PhraseField, PhraseFields } from './PhraseFields.js';
import { ContactDetailsFields, PersonalDetailsFields, SectionFields } from './StepFields.js';
import { StepIndicator } from './StepIndicator.js';
import {
  editorSteps,
  initialStep,
  isSectionStep,
  stepAfter,
  stepBefore,
  stepIndex,
  type StepId,
} from './steps.js';
import { UiIcon } from '../components/UiIcon.js';
import { useDraft } from './useDraft.js';
import { listed } from '../../shared/plural.js';
import { SharePreview } from '../preview-links/SharePreview.js';
import { MissingUploadsContext } from './ImageField.js';
import { useTouchUploads } from './useTouchUploads.js';
import { useFocusAfterRender } from './useFocusAfterRender.js';
import { usePhonePreview } from './usePhonePreview.js';
import { useFoldOnScroll } from './useFoldOnScroll.js';
import { useMediaQuery } from '../components/useMediaQuery.js';
import { usePreviewChannel, usePreviewReady } from './usePreviewChannel.js';
import './editor.css';

/*
 * What only a later step or a menu needs comes in its own code, fetched once the editor is drawn
 * (`useFetchLater`): on a slow phone the first step's form is drawn sooner, and none of these is
 * waited for when it is asked for.
 */
const fetchChangeTemplate = () => import('./ChangeTemplateDialog.js');
const fetchImport = () => import('../import/ImportDialog.js');
const fetchLook = () => import('./LookFields.js');
const ChangeTemplateDialog = lazy(() =>
  fetchChangeTemplate().then((module) => ({ default: module.ChangeTemplateDialog })),
);
const ImportDialog = lazy(() => fetchImport().then((module) => ({ default: module.ImportDialog })));
const LookFields = lazy(() => fetchLook().then((module) => ({ default: module.LookFields })));

/** Fetches the later steps' and the menus' code when the browser is next idle. */
function useFetchLater(): void {
  useEffect(() => {
    const fetchAll = () => void Promise.all([fetchChangeTemplate(), fetchImport(), fetchLook()]);
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(fetchAll, 1);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(fetchAll, { timeout: 5000 });
    return () => window.cancelIdleCallback(idle);
  }, []);
}

const STEP_HEADING_ID = 'editor-step-heading';
const PROBLEMS_HEADING_ID = 'editor-problems-heading';

/** The editor itself: steps of fields on the left, the live preview on the right. */
export function Editor({
  start,
  onCleared,
  onSwitchTemplate,
}: {
  start: EditorStart;
  /** The draft was reset to the template's defaults (and stored): start over with it. */
  onCleared: (draft: Draft) => void;
  /**
   * "Change template" chose another template; `draft` is what carries over, `restored` what
   * came back from an earlier change without a question.
   */
  onSwitchTemplate: (draft: Draft, restored: readonly string[]) => void;
}) {
  const navigate = useNavigate();
  const { templateId } = start.draft;
  const definition = TEMPLATE_DEFINITIONS[templateId];
  // Each step is a history entry, so the browser's Back and Forward move between steps and a
  // reload opens the step its entry names (an entry of another template opens the first).
  const location = useLocation();
  const navigationType = useNavigationType();
  const [problems, setProblems] = useState<DraftProblem[]>([]);
  // Shown on the step Review and publish was pressed on only: another step has nothing to do with it.
  const [finishError, setFinishError] = useState<{ step: StepId; text: string }>();
  const [changing, setChanging] = useState(false);
  const [clearing, setClearing] = useState(false);
  const [importing, setImporting] = useState(false);
  // The draft before the last import, for Undo import.
  const [lastImport, setLastImport] = useState<
    { before: PortfolioData; summary: string; undone: boolean } | undefined
  >();
  const {
    isOpen: previewOpen,
    open: openPreview,
    close: closePreview,
    closeRef: backToFormRef,
  } = usePhonePreview();
  const scrollAreaRef = useRef<HTMLDivElement>(null);
  // On a phone the step bar folds away while the fields scroll down, for more of the form.
  useFetchLater();
  const stepsFolded = useFoldOnScroll(scrollAreaRef, useMediaQuery('(max-width: 750px)'));
  // What a change of template brought back without asking, said in a live region that is on
  // the page a frame before the words go in: one drawn with its words is not announced.
  const [restoredNote, setRestoredNote] = useState('');
  useEffect(() => {
    const restored = start.restored ?? [];
    if (restored.length === 0) return;
    const frame = requestAnimationFrame(() =>
      setRestoredNote(`Brought back from before: ${listed(restored)}.`),
    );
    return () => cancelAnimationFrame(frame);
  }, [start.restored]);
  const focusLater = useFocusAfterRender();

  const preview = usePreviewChannel();
  const draft = useDraft(start.draft, preview.showDraft);
  // Steps are named by the sections' titles: drawn again only when a title changes.
  const titles = SECTION_KEYS.map((key) => draft.draft.data[key]?.sectionTitle ?? '').join('\n');
  const steps = useMemo(
    () => editorSteps(definition, draft.draft.data),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the titles are all it reads of the data
    [definition, titles],
  );
  const stepId: StepId = initialStep(steps, stepInHistory(location.state, templateId)).id;
  const missingUploads = useTouchUploads(start.draft.data);
  // The frame has (re)loaded: give it the latest draft and show the part being edited.
  usePreviewReady(preview.frameRef, () => {
    preview.showDraft(draft.latestRaw());
    preview.scrollTo(stepId, true);
  });

  // A published page opened with Edit (account page) or Update (/choose): said on every step, so
  // it never reads as a new draft, and where its changes go.
  const [editing] = useState(() => readEditingTarget(templateId));
  const index = stepIndex(steps, stepId);
  const step = steps[index]!;
  // The furthest step reached: its ticks outlast a reload and a round trip through sign-in.
  const [reached, setReached] = useState(() =>
    Math.max(index, stepIndex(steps, readStepReached(templateId) as StepId)),
  );
  if (index > reached) setReached(index);
  const reachedId = steps[Math.max(reached, index)]?.id;
  useEffect(() => {
    if (reachedId) writeStepReached(templateId, reachedId);
  }, [templateId, reachedId]);
  const previous = stepBefore(steps, stepId);
  const next = stepAfter(steps, stepId);

  // A step change saves the draft when the step is shown (stepShown below). The same function
  // until the step changes, so the memoized step list is not drawn again at each keystroke.
  const scrollPreviewTo = preview.scrollTo;
  const goTo = useCallback(
    (target: StepId, focusId = STEP_HEADING_ID) => {
      if (target === stepId) {
        scrollPreviewTo(target);
        document.getElementById(focusId)?.focus();
        return;
      }
      void navigate(EDIT_PATH, {
        state: { templateId, step: target, from: stepId } satisfies EditorNavigationState,
      });
      focusLater(focusId);
    },
    [stepId, templateId, navigate, scrollPreviewTo, focusLater],
  );

  // The bar's draft actions, the same functions throughout (DraftActions is memoized).
  const { save: saveDraft, latest: latestDraft } = draft;
  const askToClear = useCallback(() => setClearing(true), []);
  const askToChangeTemplate = useCallback(() => {
    saveDraft();
    setChanging(true);
  }, [saveDraft]);
  const askToImport = useCallback(() => setImporting(true), []);
  const exportDraft = useCallback(async () => {
    const { downloadJsonResume } = await import('../import/exportResume.js');
    downloadJsonResume(templateId, latestDraft().data);
  }, [templateId, latestDraft]);

  /** Where the editor's Back went by history: the step the entry before should show. */
  const backTarget = useRef<StepId | undefined>(undefined);

  /**
   * The editor's Back: when the entry before shows the step before, it is the browser's Back,
   * so that history holds each step once instead of growing with every return.
   */
  const goBack = (target: StepId) => {
    const entry = readEditorNavigation(location.state);
    const sameTemplate = entry.templateId === templateId;
    if (sameTemplate && entry.from === target) {
      backTarget.current = target;
      void navigate(-1);
      return;
    }
    // Reached by a jump: this entry becomes the step before, so the browser's Back still goes
    // to where the jump came from rather than forward again.
    void navigate(EDIT_PATH, {
      replace: true,
      state: {
        templateId,
        step: target,
        from: sameTemplate ? entry.from : undefined,
      } satisfies EditorNavigationState,
    });
    focusLater(STEP_HEADING_ID);
  };

  // However the step changed (a button, Back or Forward): the draft is saved, the form starts
  // at its top and the preview shows the part; after Back or Forward the focus goes to the
  // step's heading.
  const shownStep = useRef(stepId);
  const stepShown = useEffectEvent((shown: StepId) => {
    const wanted = backTarget.current;
    backTarget.current = undefined;
    // The entry before was rewritten since (Clear draft, Change template, a Back after a jump):
    // it is made to show the step the editor's Back meant.
    if (wanted && navigationType === 'POP' && shown !== wanted) {
      void navigate(EDIT_PATH, {
        replace: true,
        state: { templateId, step: wanted } satisfies EditorNavigationState,
      });
      return;
    }
    if (shownStep.current === shown) return;
    shownStep.current = shown;
    draft.save();
    preview.showDraft(draft.latestRaw());
    preview.scrollTo(shown);
    scrollAreaRef.current?.scrollTo({ top: 0 });
    // Back or Forward with the phone's full-screen preview open: show the step it went to.
    if (previewOpen) closePreview({ restoreFocus: false });
    if (navigationType === 'POP') document.getElementById(STEP_HEADING_ID)?.focus();
  });
  useEffect(() => stepShown(stepId), [stepId, location.key]);

  const goToProblem = (problem: DraftProblem) => goTo(problem.step, problem.fieldId);

  /** Phones: the preview fills the screen, at the part being edited. */
  const showPreview = () => {
    draft.save();
    preview.showDraft(draft.latestRaw());
    preview.scrollTo(stepId, true);
    openPreview();
  };

  const finish = () => {
    const saved = draft.save();
    const found = draftProblems(definition, draft.draft.data);
    setProblems(found);
    if (found.length > 0) {
      setFinishError(undefined);
      // Focus moves to the list's heading so it is read out.
      focusLater(PROBLEMS_HEADING_ID);
      return;
    }
    if (!saved) {
      setFinishError({
        step: stepId,
        text: 'Your browser would not let us save the draft (storage is full or blocked), so the preview cannot open. Free some space or allow storage for this site, then try again.',
      });
      return;
    }
    void navigate(FINAL_PREVIEW_PATH, {
      state: { templateId, step: stepId } satisfies EditorNavigationState,
    });
  };

  // The list shrinks as the fields in it are fixed.
  const stillWrong =
    problems.length > 0
      ? new Set(draftProblems(definition, draft.draft.data).map((problem) => problem.fieldId))
      : new Set<string>();
  const currentProblems = problems.filter((problem) => stillWrong.has(problem.fieldId));

  return (
    <div className="editor">
      <TopBar className="editor__bar">
        <h1 className="editor__title">
          <span className="editor__title-kicker">Editing</span>{' '}
          {editing ? 'your live page' : templateName(templateId)}
        </h1>
        <div className="editor__bar-end">
          <p className={`editor__saved${draft.saveFailed ? ' is-failed' : ''}`} role="status">
            <UiIcon name={draft.saveFailed ? 'alert' : 'check'} />
            {draft.saveFailed ? (
              <span>Not saved: this browser’s storage is full or blocked</span>
            ) : (
              <>
                <span className="editor__saved-long">Saved in this browser</span>
                <span className="editor__saved-short" aria-hidden="true">
                  Saved
                </span>
              </>
            )}
          </p>
          <SharePreview draft={draft.draft} />
          <DraftActions
            onClear={askToClear}
            onChangeTemplate={askToChangeTemplate}
            onImport={askToImport}
            onExport={exportDraft}
          />
        </div>
      </TopBar>

      <main className="editor__body" id={MAIN_CONTENT_ID} tabIndex={-1}>
        <div className="editor__form-column" inert={previewOpen}>
          <div className={`editor__steps${stepsFolded ? ' is-folded' : ''}`}>
            <div className="editor__steps-inner">
              <StepIndicator steps={steps} current={stepId} reached={reached} onSelect={goTo} />
            </div>
          </div>
          <div className="editor__scroll" ref={scrollAreaRef}>
            <form
              className="editor__form"
              aria-labelledby={STEP_HEADING_ID}
              noValidate
              onSubmit={(event) => event.preventDefault()}
            >
              {editing && (
                <p className="editor__live-note">
                  <UiIcon name="globe" />
                  <span>
                    This is your live page at <strong>{publicPagePath(editing.username)}</strong>.
                    Visitors see it as it was until you publish your changes from Review and
                    publish.
                  </span>
                </p>
              )}
              {lastImport && (
                <ImportUndoNote
                  summary={lastImport.summary}
                  undone={lastImport.undone}
                  onUndo={() => {
                    draft.update(() => lastImport.before);
                    setLastImport({ ...lastImport, undone: true });
                  }}
                  onClose={() => setLastImport(undefined)}
                />
              )}
              <p className="editor__restored" role="status">
                {restoredNote && (
                  <>
                    <UiIcon name="check" />
                    <span>{restoredNote}</span>
                  </>
                )}
              </p>
              <p className="editor__step-count">
                Step {index + 1} of {steps.length}
              </p>
              <h2 className="editor__step-title" id={STEP_HEADING_ID} tabIndex={-1}>
                {step.title}
              </h2>
              <p className="editor__step-hint">{step.hint}</p>
              {currentProblems.length > 0 && (
                <ProblemSummary
                  problems={currentProblems}
                  steps={steps}
                  onGoTo={goToProblem}
                  headingId={PROBLEMS_HEADING_ID}
                />
              )}
              <MissingUploadsContext value={missingUploads}>
                <div className="editor__fields">
                  {stepId === 'personalDetails' && (
                    <PersonalDetailsFields
                      definition={definition}
                      data={draft.draft.data}
                      edit={draft.update}
                      afterName={
                        <PhraseField
                          definition={definition}
                          phraseKey="greeting"
                          data={draft.draft.data}
                          edit={draft.update}
                        />
                      }
                    />
                  )}
                  {isSectionStep(stepId) && definition.sections[stepId] && (
                    <SectionFields
                      key={stepId}
                      sectionKey={stepId}
                      spec={definition.sections[stepId]}
                      data={draft.draft.data}
                      edit={draft.update}
                    />
                  )}
                  {stepId === 'contactDetails' && (
                    <ContactDetailsFields
                      definition={definition}
                      data={draft.draft.data}
                      edit={draft.update}
                    />
                  )}
                  {/* Where people look for it: the template is the biggest choice of the
                      page's look (on a phone the bar keeps it in More only). */}
                  {stepId === 'look' && (
                    <div className="editor__template-choice">
                      <p className="editor__template-name">
                        Template: <strong>{templateName(templateId)}</strong>
                      </p>
                      <button
                        type="button"
                        className="button button--ghost"
                        aria-haspopup="dialog"
                        onClick={askToChangeTemplate}
                      >
                        Change template
                      </button>
                    </div>
                  )}
                  {stepId === 'look' && (
                    <Suspense
                      fallback={
                        <p role="status" className="editor__loading">
                          Loading colours and type…
                        </p>
                      }
                    >
                      <LookFields
                        definition={definition}
                        data={draft.draft.data}
                        edit={draft.update}
                      />
                    </Suspense>
                  )}
                  <PhraseFields
                    key={`phrases-${stepId}`}
                    definition={definition}
                    part={stepId}
                    data={draft.draft.data}
                    edit={draft.update}
                  />
                </div>
              </MissingUploadsContext>
            </form>
          </div>
          <div className="editor__actions">
            {finishError?.step === stepId && (
              <p className="editor__finish-error" role="alert">
                {finishError.text}
              </p>
            )}
            <div className="editor__buttons">
              {previous ? (
                <button
                  type="button"
                  className="button button--ghost"
                  onClick={() => goBack(previous.id)}
                >
                  <UiIcon name="back" />
                  <span className="editor__back-word">Back</span>
                </button>
              ) : (
                <Link to={CHOOSE_PATH} className="button button--ghost">
                  <UiIcon name="back" />
                  Back<span className="visually-hidden"> to templates</span>
                </Link>
              )}
              <button
                type="button"
                className="button button--ghost editor__show-preview"
                aria-haspopup="dialog"
                onClick={showPreview}
              >
                <UiIcon name="eye" />
                Preview
              </button>
              {next ? (
                <button type="button" className="button" onClick={() => goTo(next.id)}>
                  <span>
                    Next<span className="editor__next-name">: {next.label}</span>
                  </span>
                  <UiIcon name="next" />
                </button>
              ) : (
                <button type="button" className="button" onClick={finish}>
                  <span>
                    Review<span className="editor__finish-rest"> and publish</span>
                  </span>
                  <UiIcon name="next" />
                </button>
              )}
            </div>
          </div>
        </div>
        <div
          className={`editor__preview${previewOpen ? ' is-open' : ''}`}
          {...(previewOpen
            ? { role: 'dialog', 'aria-modal': true, 'aria-label': 'Preview of your portfolio' }
            : {})}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && previewOpen) closePreview();
          }}
        >
          <div className="editor__preview-bar">
            <button
              type="button"
              className="button editor__back-to-form"
              ref={backToFormRef}
              onClick={() => closePreview()}
            >
              <UiIcon name="back" />
              Back to editing
            </button>
            <span className="editor__preview-name">{step.label}</span>
          </div>
          <LivePreviewFrame
            templateId={templateId}
            frameRef={preview.frameRef}
            username={editing?.username}
          />
        </div>
      </main>
      {clearing && (
        <ClearDraftDialog
          templateId={templateId}
          onCleared={onCleared}
          onClose={() => setClearing(false)}
        />
      )}
      <Suspense>
        {importing && (
          <ImportDialog
            draft={draft.draft}
            onImport={({ data, summary }) => {
              setLastImport({ before: draft.draft.data, summary, undone: false });
              draft.update(() => data);
              setImporting(false);
            }}
            onClose={() => setImporting(false)}
          />
        )}
        {changing && (
          <ChangeTemplateDialog
            draft={draft.draft}
            onSwitch={onSwitchTemplate}
            onClose={() => setChanging(false)}
          />
        )}
      </Suspense>
    </div>
  );
}
