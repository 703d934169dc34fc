/**
 * Two fictional self-petitioners, for the PDF filler's tests and the sample-packet command. Names are
 * pinyin on the forms and Chinese characters in the I-140 native-alphabet items; telephone numbers use the
 * 555-01xx fictional range; e-mail domains are example.com; the card is the standard Visa test number.
 */
import type { FormValues, Localized } from './types.ts';

export interface SampleCase {
  id: 'eb1a' | 'niw';
  label: Localized;
  /** Answers per form number ('I-140', 'I-907', 'G-1145', 'G-1450', 'G-1650'). */
  forms: Readonly<Record<string, FormValues>>;
}

// --------------------------------------------------------------------------- EB-1A, living in the U.S.

const chenAddress = {
  street: '45 Prospect Street',
  unitType: 'apt',
  unit: '12B',
  city: 'Cambridge',
  state: 'MA',
  zip: '02139',
  country: 'United States',
};

const eb1aI140: FormValues = {
  'p1.1a': 'CHEN',
  'p1.1b': 'Siyuan',
  'p1.3b': chenAddress.street,
  'p1.3c_type': chenAddress.unitType,
  'p1.3c': chenAddress.unit,
  'p1.3d': chenAddress.city,
  'p1.3e': chenAddress.state,
  'p1.3f': chenAddress.zip,
  'p1.3i': chenAddress.country,
  'p1.5': 'no',
  'p1.6': 'yes',
  'p1.7': '123-45-6789',
  'p2.1': 'a',
  'p3.1a': 'CHEN',
  'p3.1b': 'Siyuan',
  'p3.2b': chenAddress.street,
  'p3.2c_type': chenAddress.unitType,
  'p3.2c': chenAddress.unit,
  'p3.2d': chenAddress.city,
  'p3.2e': chenAddress.state,
  'p3.2f': chenAddress.zip,
  'p3.2i': chenAddress.country,
  'p3.3': '1988-03-14',
  'p3.4': 'Wuhan',
  'p3.5': 'Hubei',
  'p3.6': 'China',
  'p3.7': 'China',
  'p3.9': '123-45-6789',
  'p3.10': '2023-08-20',
  'p3.11a': '12345678A12',
  'p3.11b': '2027-07-31',
  'p3.11c': 'O-1A',
  'p3.12': 'EA1234567',
  'p3.14': 'China',
  'p3.15': '2032-05-14',
  'p4.1': 'adjustment',
  'p4.2b': 'China',
  'p4.3a': 'No. 18 Zhongguancun East Road',
  'p4.3b_type': 'apt',
  'p4.3b': '1203',
  'p4.3c': 'Beijing',
  'p4.3d': 'Beijing',
  'p4.3e': '100190',
  'p4.3f': 'China',
  'p4.4a': '陈',
  'p4.4b': '思远',
  'p4.5b': '海淀区中关村东路18号',
  'p4.5c_type': 'apt',
  'p4.5c': '1203',
  'p4.5d': '北京市',
  'p4.5e': '北京市',
  'p4.5f': '100190',
  'p4.5g': '中国',
  'p4.6a': 'yes',
  'p4.6b_i485': true,
  'p4.6b_i131': true,
  'p4.6b_i765': true,
  'p4.7': 'no',
  'p4.8': 'no',
  'p4.9': 'no',
  'p5.1': 'self',
  'p5.11': 'Research Scientist',
  'p5.12': '168000',
  'p6.1': 'Computational Biologist',
  'p6.2': '19-1029',
  'p6.3':
    'Leads research that builds computer models of how cancer cells respond to drugs, and publishes and shares the resulting open-source tools with hospitals and laboratories.',
  'p6.4': 'yes',
  'p6.6': 'yes',
  'p6.7': 'no',
  'p6.8': '168000',
  'p6.8_per': 'year',
  'p6.9a': '88 Research Park Drive',
  'p6.9c': 'Cambridge',
  'p6.9d': 'MA',
  'p6.9e': '02142',
  'p7.1a': 'LI',
  'p7.1b': 'Mengyao',
  'p7.2': '1990-07-02',
  'p7.3': 'China',
  'p7.4': 'Spouse',
  'p7.5': 'yes',
  'p7.6': 'no',
  'p7.7a': 'CHEN',
  'p7.7b': 'Yiran',
  'p7.8': '2019-11-20',
  'p7.9': 'China',
  'p7.10': 'Child',
  'p7.11': 'yes',
  'p7.12': 'no',
  'p8.1a': 'CHEN',
  'p8.1b': 'Siyuan',
  'p8.3': '(617) 555-0142',
  'p8.4': '617-555-0142',
  'p8.5': 'siyuan.chen@example.com',
  'p11.3a': '3',
  'p11.3b': '4',
  'p11.3c': '6.a',
  'p11.3d':
    "Forms I-485, I-765 and I-131 are filed concurrently with this Form I-140. The beneficiary's spouse and child each file Form I-485 as derivatives. No prior decisions.",
};

const eb1aI907: FormValues = {
  'p1.3a': 'CHEN',
  'p1.3b': 'Siyuan',
  'p1.5_street': chenAddress.street,
  'p1.5_unit_type': chenAddress.unitType,
  'p1.5_unit': chenAddress.unit,
  'p1.5_city': chenAddress.city,
  'p1.5_state': chenAddress.state,
  'p1.5_zip': chenAddress.zip,
  'p1.5_country': chenAddress.country,
  'p1.6': 'yes',
  'p1.8': 'petitioner',
  'p2.1': 'I-140',
  'p2.3': 'E11 - Alien of Extraordinary Ability',
  'p2.4a': 'CHEN',
  'p2.4b': 'Siyuan',
  'p2.5a': 'CHEN',
  'p2.5b': 'Siyuan',
  'p2.8_street': chenAddress.street,
  'p2.8_unit_type': chenAddress.unitType,
  'p2.8_unit': chenAddress.unit,
  'p2.8_city': chenAddress.city,
  'p2.8_state': chenAddress.state,
  'p2.8_zip': chenAddress.zip,
  'p2.8_country': chenAddress.country,
  'p3.1': 'english',
  'p3.3': '6175550142',
  'p3.4': '6175550142',
  'p3.6': 'siyuan.chen@example.com',
};

const eb1aG1145: FormValues = {
  'p1.last': 'CHEN',
  'p1.first': 'Siyuan',
  'p1.email': 'siyuan.chen@example.com',
  'p1.mobile': '6175550142',
};

/** Pays the $715 I-140 filing fee; the $300 Asylum Program Fee is a separate G-1450 (USCIS: separate payments). */
const eb1aG1450: FormValues = {
  'p1.family': 'CHEN',
  'p1.given': 'Siyuan',
  'p2.family': 'CHEN',
  'p2.given': 'Siyuan',
  'p2.street': chenAddress.street,
  'p2.unit_type': chenAddress.unitType,
  'p2.unit': chenAddress.unit,
  'p2.city': chenAddress.city,
  'p2.state': chenAddress.state,
  'p2.zip': chenAddress.zip,
  'p2.phone': '6175550142',
  'p2.email': 'siyuan.chen@example.com',
  'p3.us_bank': true,
  'p3.type': 'visa',
  'p3.number': '4111 1111 1111 1111',
  'p3.expiry': '2029-08',
  'p3.amount': '715',
};

export const EB1A_SAMPLE: SampleCase = {
  id: 'eb1a',
  label: {
    en: 'EB-1A self-petitioner in the U.S. (CHEN Siyuan)',
    zh: 'EB-1A 自行申请人，身在美国（陈思远）',
  },
  forms: { 'I-140': eb1aI140, 'I-907': eb1aI907, 'G-1145': eb1aG1145, 'G-1450': eb1aG1450 },
};

// ------------------------------------------------------------------------------- NIW, living in China

const wangAddress = {
  street: 'No. 9 Section 4 Renmin South Road',
  unitType: 'apt',
  unit: '2-1506',
  city: 'Chengdu',
  province: 'Sichuan',
  postal: '610041',
  country: 'China',
};

const niwI140: FormValues = {
  'p1.1a': 'WANG',
  'p1.1b': 'Jiahui',
  'p1.3b': wangAddress.street,
  'p1.3c_type': wangAddress.unitType,
  'p1.3c': wangAddress.unit,
  'p1.3d': wangAddress.city,
  'p1.3g': wangAddress.province,
  'p1.3h': wangAddress.postal,
  'p1.3i': wangAddress.country,
  'p1.5': 'no',
  'p1.6': 'yes',
  'p2.1': 'h',
  'p3.1a': 'WANG',
  'p3.1b': 'Jiahui',
  'p3.2b': wangAddress.street,
  'p3.2c_type': wangAddress.unitType,
  'p3.2c': wangAddress.unit,
  'p3.2d': wangAddress.city,
  'p3.2g': wangAddress.province,
  'p3.2h': wangAddress.postal,
  'p3.2i': wangAddress.country,
  'p3.3': '1991-09-05',
  'p3.4': 'Chengdu',
  'p3.5': 'Sichuan',
  'p3.6': 'China',
  'p3.7': 'China',
  'p3.12': 'EB7654321',
  'p3.14': 'China',
  'p3.15': '2031-02-27',
  'p4.1': 'consular',
  'p4.1b': 'Guangzhou',
  'p4.1c': 'China',
  'p4.4a': '王',
  'p4.4b': '佳慧',
  'p4.5b': '武侯区人民南路四段9号',
  'p4.5c_type': 'apt',
  'p4.5c': '2-1506',
  'p4.5d': '成都市',
  'p4.5e': '四川省',
  'p4.5f': '610041',
  'p4.5g': '中国',
  'p4.6a': 'no',
  'p4.7': 'no',
  'p4.8': 'no',
  'p4.9': 'no',
  'p5.1': 'self',
  'p5.11': 'Environmental Engineer',
  'p5.12': '42000',
  'p6.1': 'Environmental Engineer',
  'p6.2': '17-2081',
  'p6.3':
    'Designs low-cost treatment systems that remove nitrogen and phosphorus from small-town wastewater, and will adapt them for rural U.S. communities under state water-quality programs.',
  'p6.4': 'yes',
  'p6.6': 'yes',
  'p6.7': 'yes',
  'p8.1a': 'WANG',
  'p8.1b': 'Jiahui',
  'p8.3': '6465550178',
  'p8.5': 'jiahui.wang@example.com',
  'p11.3a': '6',
  'p11.3b': '8',
  'p11.3c': '3',
  'p11.3d':
    'Daytime telephone in China: +86 28 5550 0123. Mobile telephone in China: +86 139 5550 0178. The U.S. number in Item 3 is a forwarding number.',
};

const niwG1145: FormValues = {
  'p1.last': 'WANG',
  'p1.first': 'Jiahui',
  'p1.email': 'jiahui.wang@example.com',
};

/** Pays the $715 I-140 filing fee by ACH from a U.S. checking account. */
const niwG1650: FormValues = {
  'p1.family': 'WANG',
  'p1.given': 'Jiahui',
  'p2.holder_type': 'personal',
  'p2.family': 'WANG',
  'p2.given': 'Jiahui',
  'p3.us_bank': true,
  'p3.account_type': 'checking',
  'p3.bank_name': 'Example Community Bank',
  'p3.routing': '011000015',
  'p3.account': '000123456789',
  'p3.amount': '715',
};

export const NIW_SAMPLE: SampleCase = {
  id: 'niw',
  label: {
    en: 'EB-2 NIW self-petitioner in China (WANG Jiahui)',
    zh: 'EB-2 NIW 自行申请人，身在中国（王佳慧）',
  },
  forms: { 'I-140': niwI140, 'G-1145': niwG1145, 'G-1650': niwG1650 },
};

export const SAMPLES: readonly SampleCase[] = [EB1A_SAMPLE, NIW_SAMPLE];

/** A non-attorney preparer in I-907 Part 5 (add 'p3.2' and 'p3.2_name' for the requestor's statement). */
export const I907_PREPARER_SAMPLE: FormValues = {
  'p5.1a': 'LIN',
  'p5.1b': 'Mei',
  'p5.3_street': '1 Main Street',
  'p5.3_city': 'Boston',
  'p5.3_state': 'MA',
  'p5.3_zip': '02110',
  'p5.3_country': 'United States',
  'p5.4': '6175550100',
};
