/** `%text%` for LIKE … ESCAPE '\\': the text's own %, _ and \\ taken literally. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
