import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSmallScreenRedirect } from '../components/useSmallScreenRedirect.js';
import { readStoredDraft } from '../editor/draftStorage.js';
import { Editor } from '../editor/Editor.js';
import { resolveEditorStart } from '../editor/editorData.js';

/**
 * /edit: the template comes from navigation state (Select on /choose); after a reload without
 * it, from the stored draft; with neither there is nothing to edit, so back to /choose.
 */
export function EditorPage() {
  useSmallScreenRedirect();
  const location = useLocation();
  const navigate = useNavigate();
  const [start] = useState(() => resolveEditorStart(location.state, readStoredDraft()));

  useEffect(() => {
    if (!start) void navigate('/choose', { replace: true });
  }, [start, navigate]);

  if (!start) return null;
  return <Editor start={start} />;
}
