/** Tables of the orders feature. */
export interface OrderTables {}
