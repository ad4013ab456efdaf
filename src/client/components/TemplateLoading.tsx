import './template-loading.css';

export function TemplateLoading({ failed = false }: { failed?: boolean }) {
  if (failed) {
    return (
      <div className="template-loading" role="alert">
        <p>The template could not be loaded. Check your connection and try again.</p>
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    );
  }
  return (
    <div className="template-loading" role="status">
      <span className="template-loading__spinner" aria-hidden="true" />
      <span>Loading..</span>
    </div>
  );
}
