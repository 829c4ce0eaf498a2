/** The OpenSearch 1.1 description of the catalogue search, which e-reader apps read to search. */
import { create } from 'xmlbuilder2';
import { endDocument, feedType, OPENSEARCH_NS, xmlText } from './opds-xml.js';

/** OpenSearch limits ShortName to 16 characters. */
const SHORT_NAME_MAX = 16;

export function opensearchDescription(storeName: string, template: string): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(OPENSEARCH_NS, 'OpenSearchDescription');
  const name = xmlText(storeName);
  root.ele('ShortName').txt(Array.from(name).slice(0, SHORT_NAME_MAX).join(''));
  root.ele('Description').txt(`Search the ${name} catalogue by title, author, category or tag.`);
  root.ele('InputEncoding').txt('UTF-8');
  root.ele('OutputEncoding').txt('UTF-8');
  root.ele('Url', { type: feedType('acquisition'), template });
  return endDocument(root);
}
