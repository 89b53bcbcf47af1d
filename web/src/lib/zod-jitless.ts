import { z } from 'zod';

// Zod compiles object parsers with `new Function` where eval is allowed, and its probe alone is
// reported as a violation of our CSP (script-src 'self', no 'unsafe-eval'): parse without it.
z.config({ jitless: true });
