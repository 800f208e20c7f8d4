/** Inversify tokens of the stdio runtime. Injection is by token, never by reflected type. */
export const STDIO = {
  Config: Symbol.for('stdio.Config'),
  Log: Symbol.for('stdio.Log'),
  Backend: Symbol.for('stdio.Backend'),
  Server: Symbol.for('stdio.Server'),
} as const;
