export * from './model';
export * from './http';
export * from './protocol';
export * from './policy';
export * from './reducer';
export * from './quickQuestions';
