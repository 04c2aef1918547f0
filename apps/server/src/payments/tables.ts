/** Tables of the payments feature (payments, operators, decisions). */
export interface PaymentTables {}
