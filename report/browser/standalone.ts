// Entry of the self-contained HTML report: reads the embedded data (a JSON script element, never
// executed) and draws it.
import type { ReportData } from '../data';
import { renderReport } from './render';

const source = document.getElementById('report-data');
const main = document.getElementById('report');
if (source && main) {
  renderReport(main, JSON.parse(source.textContent ?? '{}') as ReportData);
  document.body.dataset.rendered = 'true';
}
