import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { AccountPortfolio, PublicationResponse } from '../../shared/account.js';
import { EDIT_PATH } from '../../shared/routes.js';
import { isTemplateId } from '../../shared/templates/catalog.js';
import { api } from '../api/http.js';
import { downloadJsonResume } from '../import/exportResume.js';
import { loadPublishedForEdit, loadPublishedData } from './editPublished.js';

/**
 * What a portfolio's card does with the server: publish or unpublish it, and open its content in
 * the editor. `busy` names the action under way (its button ignores clicks meanwhile), `error`
 * what went wrong with Publish or Edit; Unpublish says its own in its dialog.
 */
export function usePortfolioActions(
  p: AccountPortfolio,
  onChange: (next: AccountPortfolio) => void,
) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<'edit' | 'publish' | undefined>();
  const [error, setError] = useState<string | undefined>();

  const setPublication = async (unpublished: boolean) => {
    const answer = await api<PublicationResponse>(
      `/api/account/portfolios/${encodeURIComponent(p.username)}/${unpublished ? 'unpublish' : 'publish'}`,
      { method: 'POST', body: '{}' },
    );
    onChange({ ...p, unpublished: answer.unpublished });
  };

  const publish = async () => {
    if (busy) return;
    setBusy('publish');
    setError(undefined);
    try {
      await setPublication(false);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(undefined);
    }
  };

  const edit = async () => {
    if (busy || !isTemplateId(p.templateId)) return;
    setBusy('edit');
    setError(undefined);
    try {
      await loadPublishedForEdit(p.templateId, p.username);
      await navigate(EDIT_PATH, { state: { templateId: p.templateId } });
    } catch (failure) {
      setError((failure as Error).message);
      setBusy(undefined);
    }
  };

  /** Export as JSON Resume: the page's data, made into the file here in the browser. */
  const exportResume = async () => {
    if (!isTemplateId(p.templateId)) return;
    setError(undefined);
    try {
      downloadJsonResume(p.templateId, await loadPublishedData(p.templateId), p.url);
    } catch (failure) {
      setError((failure as Error).message);
    }
  };

  return { busy, error, publish, edit, exportResume, unpublish: () => setPublication(true) };
}
