import {
  ACCOUNT_MESSAGES_SHOWN,
  type AccountMessage,
  type MessagesResponse,
} from '../../shared/contact.js';
import { useApiAnswer } from '../api/useApiAnswer.js';
import { when } from './when.js';
import './messages.css';

const DELIVERY_WORDS: Record<AccountMessage['delivery'], string> = {
  pending: 'Being emailed to you',
  sent: 'Emailed to you',
  failed: 'Could not be emailed; read it here',
};

/**
 * Messages visitors sent from the person's public pages, latest first: the same messages that are
 * emailed, kept here so that nothing depends on the mail arriving.
 */
export function MessagesSection() {
  const { loaded } = useApiAnswer<MessagesResponse>('/api/account/messages');

  return (
    <section className="messages" aria-labelledby="account-messages">
      <h2 id="account-messages">Messages</h2>
      {loaded.status === 'loading' && (
        <p className="account__status" role="status">
          Loading your messages…
        </p>
      )}
      {loaded.status === 'error' && (
        <p className="alert alert--compact account__error" role="alert">
          Your messages could not be loaded. {loaded.message}
        </p>
      )}
      {loaded.status === 'ready' && loaded.answer.messages.length === 0 && (
        <p className="account__lead">
          No messages yet. When a visitor writes to you from the contact form of one of your pages,
          the message is emailed to you and also shown here.
        </p>
      )}
      {loaded.status === 'ready' && loaded.answer.messages.length > 0 && (
        <>
          <ul className="messages__list">
            {loaded.answer.messages.map((message) => (
              <li key={message.id} className="surface-card account__panel messages__item">
                <p className="messages__head">
                  <strong>{message.name}</strong>{' '}
                  <a href={`mailto:${message.email}`}>{message.email}</a>
                </p>
                <p className="messages__meta">
                  To /users/{message.username} · {when(message.createdAt)} ·{' '}
                  {DELIVERY_WORDS[message.delivery]}
                </p>
                {message.subject && <p className="messages__subject">{message.subject}</p>}
                <p className="messages__text">{message.message}</p>
              </li>
            ))}
          </ul>
          {loaded.answer.more && (
            <p className="account__lead">
              The latest {ACCOUNT_MESSAGES_SHOWN} are shown; Download my data holds them all.
            </p>
          )}
        </>
      )}
    </section>
  );
}
