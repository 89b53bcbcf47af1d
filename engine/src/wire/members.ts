/**
 * How long a member's nickname and introduction may be, in characters (code points, as
 * `textLength` counts them): the server refuses longer ones and the web app's fields stop there.
 */
export const NICKNAME_MAX_LENGTH = 10;
export const INTRODUCTION_MAX_LENGTH = 20;
