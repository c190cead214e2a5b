// Reports (contract "Reports and blocks", docs/decisions/035): a member reports a comment or a post.
import type { Report, ReportCreate } from '../wire/index.ts';
import { write } from './operation.ts';

/** POST /reports: 201 a new report, or 200 the member's open report of the same thing */
export const createReport = (body: ReportCreate) => write<Report>('POST', '/reports', { json: body });
