import { App } from 'antd';
import { useEffect } from 'react';
import { ApiError, describeError } from './errors.ts';
import { currentLang } from './i18n.ts';
import { endSession, redirectToSignIn } from './session.ts';

type Feedback = ReturnType<typeof App.useApp>;

// antd's message and notification only follow the theme and locale when taken from `App.useApp()`;
// the bridge lends that instance to code outside components (query caches, event handlers).
let feedback: Feedback | undefined;
let leavingForSignIn = false;

/** Rendered once inside antd's `App` by `AppProviders`. */
export function FeedbackBridge(): null {
  const api = App.useApp();
  useEffect(() => {
    feedback = api;
    return () => {
      if (feedback === api) feedback = undefined;
    };
  }, [api]);
  return null;
}

/** Carries out the error catalogue's reaction to `error`: a message, a warning, or sign-in again. */
export function notifyError(error: unknown): void {
  const reaction = describeError(error, currentLang());
  if (reaction.kind === 'signIn') {
    // Several calls fail together when a session dies; leave once.
    if (leavingForSignIn) return;
    leavingForSignIn = true;
    endSession();
    redirectToSignIn();
    return;
  }
  if (!(error instanceof ApiError)) console.error(error);
  if (!feedback) {
    console.error(reaction.text);
    return;
  }
  const [title = '', ...details] = reaction.text.split('\n');
  // The key folds identical failures (ten queries losing the network at once) into one toast.
  if (details.length === 0) {
    feedback.message.open({ key: reaction.text, type: reaction.level, content: title });
    return;
  }
  feedback.notification[reaction.level]({
    key: reaction.text,
    title,
    description: details.map((line, index) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: the lines are a fixed list that never reorders
      <div key={index}>{line}</div>
    )),
  });
}
