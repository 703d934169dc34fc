import { describe, expect, it } from 'vitest';
import { judgeLanguage } from './language-check.ts';

const notEnglish = {
  zh: '申请人在人工智能领域作出了杰出贡献，其发表的论文被国际同行广泛引用，并获得了多项国家级奖项。',
  ko: '신청인은 인공지능 분야에서 탁월한 공헌을 하였으며, 그의 논문은 국제 학계에서 널리 인용되었습니다.',
  ja: '申請者は人工知能の分野で顕著な貢献をしており、その論文は国際的な研究者によって広く引用されています。',
  ru: 'Заявитель внёс выдающийся вклад в область искусственного интеллекта, его статьи широко цитируются коллегами.',
  ar: 'قدم مقدم الطلب مساهمات بارزة في مجال الذكاء الاصطناعي، وقد استشهد الباحثون الدوليون بأبحاثه على نطاق واسع.',
  ro: 'Solicitantul a adus contribuții remarcabile în domeniul inteligenței artificiale, iar lucrările sale sunt citate pe scară largă de cercetătorii internaționali.',
  fr: "Le demandeur a apporté des contributions remarquables dans le domaine de l'intelligence artificielle et ses articles sont largement cités par les chercheurs.",
  de: 'Der Antragsteller hat herausragende Beiträge auf dem Gebiet der künstlichen Intelligenz geleistet und seine Arbeiten werden von Forschern weltweit zitiert.',
  es: 'El solicitante ha realizado contribuciones destacadas en el campo de la inteligencia artificial y sus artículos son citados ampliamente por los investigadores.',
  it: "Il richiedente ha dato contributi eccezionali nel campo dell'intelligenza artificiale e i suoi articoli sono ampiamente citati dai ricercatori della comunità.",
  vi: 'Người nộp đơn đã có những đóng góp xuất sắc trong lĩnh vực trí tuệ nhân tạo và các bài báo của anh ấy được trích dẫn rộng rãi.',
  // Romanian written without diacritics (a keyboard without them): judged by its function words.
  ro_plain:
    'Solicitantul este un cercetator care a publicat in reviste de top si care a primit pentru munca sa mai multe premii din partea comunitatii.',
} as const;

describe('judgeLanguage', () => {
  for (const [code, text] of Object.entries(notEnglish)) {
    it(`${code}: not English`, () => {
      const v = judgeLanguage(text);
      expect(v.verdict).toBe('not_english');
      if (v.verdict === 'not_english') expect(v.language).toBe(code.replace('_plain', ''));
    });
  }

  it('English prose is English', () => {
    expect(
      judgeLanguage(
        'The petitioner has made original contributions of major significance to the field of machine learning, as shown by the citations of her work and the letters of independent experts.',
      ),
    ).toEqual({ verdict: 'english' });
  });

  it('English with Chinese names, a Chinese title and accented names stays English', () => {
    const text =
      'Professor 王小明 (Wang Xiaoming) of Tsinghua University wrote that the petitioner’s paper “基于深度学习的图像识别” ' +
      'was the first to apply this method in China. Dr. José Müller of the Max Planck Institute agrees, and the ' +
      'results were adopted by the national standard of the People’s Republic of China in 2021.';
    expect(judgeLanguage(text)).toEqual({ verdict: 'english' });
  });

  it('an English paper whose authors are Vietnamese and Romanian stays English', () => {
    const text =
      'Nguyễn Văn Đức, Trần Thị Hương, Phạm Quốc Việt, Ștefan Țurcanu. The results of this study show that the ' +
      'method is faster than the state of the art, and it has been adopted by the industry in two countries.';
    expect(judgeLanguage(text)).toEqual({ verdict: 'english' });
  });

  it('a list of English titles and numbers with few function words is still English, not another language', () => {
    const text =
      'Curriculum vitae of the petitioner. Education: Ph.D. in Computer Science, Stanford University, 2015. ' +
      'Employment: Senior Research Scientist at Google from 2016 to 2022, and Principal Engineer at OpenAI since 2022. ' +
      'Awards: the Best Paper Award of the conference on Neural Information Processing Systems.';
    expect(judgeLanguage(text)).toEqual({ verdict: 'english' });
  });

  it('English nouns without function words (a table, a keyword list) are not judged, never refused', () => {
    const text =
      'Research results data model method network energy system analysis material cell protein signal design ' +
      'performance clinical patient device algorithm learning sensor circuit battery catalyst structure impact.';
    expect(judgeLanguage(text)).toEqual({ verdict: 'unknown' });
  });

  it('too little text is not judged', () => {
    expect(judgeLanguage('王小明')).toEqual({ verdict: 'unknown' });
    expect(judgeLanguage('Exhibit 4')).toEqual({ verdict: 'unknown' });
    expect(judgeLanguage('')).toEqual({ verdict: 'unknown' });
    expect(judgeLanguage('12345 67890 ---- ++++ 2024-11-01 2025-09-10 (555) 123-4567')).toEqual({
      verdict: 'unknown',
    });
  });
});
