/** Tables of the chat feature. */
export interface ChatTables {}
