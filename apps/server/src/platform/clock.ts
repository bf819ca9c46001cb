/** Time source; tests pass a fake one to check idle and absolute session expiry. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
