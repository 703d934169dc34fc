/**
 * What we know about each form edition we define: whether USCIS accepts it now, the expiry printed on it and
 * where USCIS publishes it. The server seeds its form-edition registry from this table; staff add blanks.
 * Re-check uscis.gov before every release (report.md §8 lists the open points: G-1450 and G-1650 editions).
 */
export interface EditionFacts {
  formNumber: string;
  edition: string;
  editionDate: string;
  /** USCIS accepts this edition now. */
  current: boolean;
  /** OMB expiry printed on the form (YYYY-MM-DD), when it prints one. */
  expires: string | null;
  officialUrl: string;
}

export const EDITION_FACTS: readonly EditionFacts[] = [
  {
    formNumber: 'I-140',
    edition: '06/07/24',
    editionDate: '2024-06-07',
    current: true,
    expires: '2027-02-28',
    officialUrl: 'https://www.uscis.gov/i-140',
  },
  {
    formNumber: 'I-907',
    edition: '04/01/24',
    editionDate: '2024-04-01',
    current: true,
    expires: '2027-02-28',
    officialUrl: 'https://www.uscis.gov/i-907',
  },
  {
    formNumber: 'G-1145',
    edition: '09/26/14',
    editionDate: '2014-09-26',
    current: true,
    expires: null,
    officialUrl: 'https://www.uscis.gov/g-1145',
  },
  // Our field list is of 09/27/19, which USCIS has replaced (06/03/25 or 02/06/26 per third-party code,
  // unverified): never filled, the customer is sent to uscis.gov for the current edition.
  {
    formNumber: 'G-1450',
    edition: '09/27/19',
    editionDate: '2019-09-27',
    current: false,
    expires: null,
    officialUrl: 'https://www.uscis.gov/g-1450',
  },
  // Edition per third-party code (unverified); no copy of the PDF was found, so no blank and no field map.
  {
    formNumber: 'G-1650',
    edition: '06/03/25',
    editionDate: '2025-06-03',
    current: true,
    expires: null,
    officialUrl: 'https://www.uscis.gov/g-1650',
  },
];
