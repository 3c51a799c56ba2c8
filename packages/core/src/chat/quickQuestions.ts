/** The chat widget's quick-question buttons, in the order shown. */
import { CHAT_TEXTS } from './strings';

export const CHAT_QUICK_QUESTION_IDS = [
  'howItWorks',
  'subscription',
  'notifications',
  'technicalHelp',
] as const;
export type ChatQuickQuestionId = (typeof CHAT_QUICK_QUESTION_IDS)[number];

export interface ChatQuickQuestion {
  id: ChatQuickQuestionId;
  /** On the button. */
  label: string;
  /** Sent as the user's message when the button is pressed. */
  text: string;
}

export const CHAT_QUICK_QUESTIONS: readonly ChatQuickQuestion[] = CHAT_QUICK_QUESTION_IDS.map(
  (id) => ({ id, ...CHAT_TEXTS.quickQuestions[id] }),
);
