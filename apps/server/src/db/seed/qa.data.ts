/**
 * The Q&A zone's starting questions (spec §2 Q&A zone): written for EB-1A and EB-2 NIW self-petitioners, in both
 * languages. Facts follow /work/shared/reference/uscis/report.md (8 CFR 204.5(h) and (k), Kazarian, Matter of
 * Dhanasar, the 2024 fee rule, 91 FR 1059 for premium processing from 2026-03-01). Fees and times change:
 * re-check them against uscis.gov before each release. `key` is stable (the upsert key); order is display order.
 */

export interface QaCategorySeed {
  key: string;
  name_zh: string;
  name_en: string;
}

export interface QaSeed {
  key: string;
  category: string;
  question_zh: string;
  answer_zh: string;
  question_en: string;
  answer_en: string;
}

export const QA_CATEGORIES: ReadonlyArray<QaCategorySeed> = [
  { key: 'basics', name_zh: '基础知识', name_en: 'Basics' },
  { key: 'eb1a', name_zh: 'EB-1A 杰出人才', name_en: 'EB-1A extraordinary ability' },
  { key: 'niw', name_zh: 'EB-2 NIW 国家利益豁免', name_en: 'EB-2 NIW national interest waiver' },
  { key: 'evidence', name_zh: '证据与推荐信', name_en: 'Evidence and letters' },
  { key: 'filing', name_zh: '递交、费用与审理', name_en: 'Filing, fees and processing' },
  { key: 'after', name_zh: 'RFE 与后续步骤', name_en: 'RFEs and next steps' },
];

export const QA_ITEMS: ReadonlyArray<QaSeed> = [
  // ── Basics ─────────────────────────────────────────────────────────────────────────────────────────
  {
    key: 'basics.self-petition',
    category: 'basics',
    question_zh: 'EB-1A 和 NIW 可以自己申请（自雇申请）吗？',
    answer_zh:
      '可以。EB-1A 和 EB-2 NIW 都不需要雇主担保，也不需要劳工证，申请人可以作为自己的申请人（self-petitioner）递交 I-140。在 I-140 第 5 部分勾选 1.b “Self”，并填写第 11–12 项（职业和年收入）。',
    question_en: 'Can I file an EB-1A or NIW petition for myself (self-petition)?',
    answer_en:
      'Yes. Neither EB-1A nor EB-2 NIW needs an employer sponsor or a labor certification, so you can file Form I-140 as your own petitioner. In Part 5 of the I-140 check 1.b "Self" and complete items 11–12 (occupation and annual income).',
  },
  {
    key: 'basics.difference',
    category: 'basics',
    question_zh: 'EB-1A 和 EB-2 NIW 有什么区别？',
    answer_zh:
      'EB-1A 面向“处于领域顶尖的极少数人”，需要证明持续的国家或国际认可：获得一次性国际大奖，或满足十项标准中的至少三项，并通过整体评估。NIW 属于 EB-2，需要先具备高等学位或特殊能力，再按 Dhanasar 三要素证明豁免工作邀请和劳工证符合美国国家利益。EB-1A 门槛更高，但排期通常更短。',
    question_en: 'What is the difference between EB-1A and EB-2 NIW?',
    answer_en:
      'EB-1A is for the small percentage who have risen to the very top of their field: you show sustained national or international acclaim through a one-time major award or at least three of ten criteria, followed by a final merits review. NIW is part of EB-2: you first qualify with an advanced degree or exceptional ability, then show under the three Dhanasar prongs that waiving the job offer and labor certification is in the national interest. EB-1A sets a higher bar but usually has a shorter visa wait.',
  },
  {
    key: 'basics.which-form',
    category: 'basics',
    question_zh: 'I-140 第 2 部分应该勾选哪一项？',
    answer_zh:
      'EB-1A 勾选 1.a“An alien of extraordinary ability”；NIW 勾选 1.h“An alien applying for a National Interest Waiver”。注意 NIW 是 1.h，不是旧版指南中的 1.i。',
    question_en: 'Which box do I check in Part 2 of Form I-140?',
    answer_en:
      'For EB-1A check 1.a "An alien of extraordinary ability"; for NIW check 1.h "An alien applying for a National Interest Waiver". NIW is 1.h, not the 1.i mentioned in guides written for pre-2017 editions.',
  },
  {
    key: 'basics.edition',
    category: 'basics',
    question_zh: '现在应该使用哪个版本的 I-140 表格？',
    answer_zh:
      '自 2024 年 10 月 21 日起，USCIS 只接受 06/07/24 版 I-140（页脚写有 “Edition 06/07/24”）。使用旧版会被拒收，递交前请到 uscis.gov 核对最新版本。',
    question_en: 'Which edition of Form I-140 should I use?',
    answer_en:
      'Since October 21, 2024 USCIS accepts only the 06/07/24 edition of Form I-140 (the footer reads "Edition 06/07/24"). An older edition is rejected; check uscis.gov for the current edition before you file.',
  },
  {
    key: 'basics.job-offer',
    category: 'basics',
    question_zh: '申请 EB-1A 需要在美国有工作邀请吗？',
    answer_zh:
      '不需要工作邀请，但需要清楚的证据证明你入境后将继续在该领域工作，例如潜在雇主的信件、合同，或你本人关于在美工作计划的陈述。',
    question_en: 'Do I need a US job offer for EB-1A?',
    answer_en:
      'No job offer is required, but you must show clear evidence that you are coming to continue work in your area of expertise: for example letters from prospective employers, contracts, or your own statement of your plans in the United States.',
  },
  // ── EB-1A ─────────────────────────────────────────────────────────────────────────────────────────
  {
    key: 'eb1a.criteria',
    category: 'eb1a',
    question_zh: 'EB-1A 的十项标准是什么？',
    answer_zh:
      '8 CFR 204.5(h)(3) 列出十项：(i) 国家或国际认可的奖项；(ii) 要求杰出成就的协会会员；(iii) 专业或主流媒体对你的报道；(iv) 担任评审（如同行评审、评委）；(v) 具有重大意义的原创贡献；(vi) 发表学术文章；(vii) 作品在艺术展览中展出；(viii) 在知名机构担任领导或关键角色；(ix) 高薪；(x) 表演艺术领域的商业成功。满足至少三项（或获得一次性国际大奖）即可进入整体评估。',
    question_en: 'What are the ten EB-1A criteria?',
    answer_en:
      '8 CFR 204.5(h)(3) lists: (i) nationally or internationally recognized prizes or awards; (ii) membership in associations requiring outstanding achievements; (iii) published material about you in professional or major media; (iv) judging the work of others (peer review, panels); (v) original contributions of major significance; (vi) authorship of scholarly articles; (vii) display of your work at artistic exhibitions; (viii) a leading or critical role for distinguished organizations; (ix) a high salary; (x) commercial success in the performing arts. Meeting at least three (or a one-time major award) leads to the final merits review.',
  },
  {
    key: 'eb1a.kazarian',
    category: 'eb1a',
    question_zh: '满足三项标准就一定能获批吗？什么是 Kazarian 两步审查？',
    answer_zh:
      '不一定。根据 Kazarian 案和 USCIS 政策备忘录 PM-602-0005.1，审查分两步：第一步看证据是否满足至少三项标准；第二步对全部证据做整体评估（final merits determination），判断你是否具有持续的国家或国际认可、是否属于领域顶尖的极少数人。因此每项证据都要说明其分量，而不仅是“凑够三项”。',
    question_en: 'If I meet three criteria, will I be approved? What is the Kazarian two-step review?',
    answer_en:
      'Not necessarily. Under Kazarian and USCIS memo PM-602-0005.1 the officer first checks whether the evidence meets at least three criteria, then makes a final merits determination on the whole record: does it show sustained national or international acclaim and that you are among the small percentage at the very top of your field? Explain the weight of each piece of evidence rather than just counting to three.',
  },
  {
    key: 'eb1a.awards',
    category: 'eb1a',
    question_zh: '什么样的奖项可以用于 EB-1A 的“奖项”标准？',
    answer_zh:
      '奖项应是因领域内的卓越表现而获得、并在国家或国际范围内被认可的。建议提交获奖证书、评选标准、参评人数与获奖人数、颁奖机构的声誉以及媒体报道。需要付费参评的奖项容易受到质疑。',
    question_en: 'Which awards count for the EB-1A awards criterion?',
    answer_en:
      'The prize must be for excellence in your field and recognized nationally or internationally. Submit the certificate, the selection criteria, the number of entrants versus winners, the reputation of the granting body and any press coverage. Pay-to-enter awards draw scrutiny.',
  },
  {
    key: 'eb1a.membership',
    category: 'eb1a',
    question_zh: '协会会员资格什么时候可以算作 EB-1A 的一项标准？',
    answer_zh:
      '只有当协会要求会员具有杰出成就、并由国家或国际公认的专家评判入会时才算。请提交章程中的入会条件、专家评审的证明和会员证书。仅缴纳会费即可加入的会员资格不算。',
    question_en: 'When does an association membership count for EB-1A?',
    answer_en:
      'Only if the association requires outstanding achievements of its members, as judged by recognized national or international experts. Submit the bylaws showing the admission criteria, proof that experts judge admission, and your membership certificate. A membership you get by paying dues does not count.',
  },
  {
    key: 'eb1a.judging',
    category: 'eb1a',
    question_zh: '审稿经历能满足 EB-1A 的“评审他人工作”标准吗？',
    answer_zh:
      '可以。同行评审（peer review）是最常见的证据：提交审稿邀请及已完成审稿的确认邮件，并说明期刊或会议的声誉。担任编委、基金评审或比赛评委也可以。',
    question_en: 'Does peer reviewing count for the EB-1A judging criterion?',
    answer_en:
      'Yes. Peer review is the most common evidence: submit the review invitations and the confirmations of completed reviews, and explain the reputation of the journals or conferences. Editorial board, grant panel or competition jury roles also count.',
  },
  {
    key: 'eb1a.original-contributions',
    category: 'eb1a',
    question_zh: '如何证明“具有重大意义的原创贡献”？',
    answer_zh:
      '要说明你的成果被他人采用并产生了影响：引用数据、被行业采纳或授权许可、专利的实际应用、媒体对其影响的报道，以及专家推荐信中具体描述你的贡献如何改变了领域。空泛的赞誉效果不大。',
    question_en: 'How do I prove original contributions of major significance?',
    answer_en:
      'Show that others adopted your work and that it had impact: citation data, adoption or licensing by industry, patents in use, media coverage of the impact, and expert letters that describe specifically how your contribution changed the field. General praise carries little weight.',
  },
  {
    key: 'eb1a.high-salary',
    category: 'eb1a',
    question_zh: 'EB-1A 的“高薪”标准如何证明？',
    answer_zh:
      '提交 W-2、纳税申报表或劳动合同等收入证明，并与同一地区、同一职位的薪酬数据比较，例如美国劳工统计局（BLS/OEWS）数据或其他薪酬调查，说明你的收入明显高于同行。',
    question_en: 'How do I show a high salary for EB-1A?',
    answer_en:
      'Submit W-2s, tax returns or contracts, and compare your pay against data for the same place and role, such as BLS/OEWS statistics or other salary surveys, to show it is significantly higher than that of others in the field.',
  },
  {
    key: 'eb1a.comparable',
    category: 'eb1a',
    question_zh: '如果某项标准不适用于我的职业，可以提交其他证据吗？',
    answer_zh:
      '可以。8 CFR 204.5(h)(4) 允许在标准不容易适用于你的职业时提交“可比证据”（comparable evidence），但需要解释为什么该标准不适用，以及你提交的证据为何具有同等分量。',
    question_en: 'Can I submit other evidence if a criterion does not fit my occupation?',
    answer_en:
      'Yes. 8 CFR 204.5(h)(4) allows comparable evidence when a criterion does not readily apply to your occupation. Explain why the criterion does not apply and why your evidence is of equal weight.',
  },
  // ── NIW ───────────────────────────────────────────────────────────────────────────────────────────
  {
    key: 'niw.dhanasar',
    category: 'niw',
    question_zh: 'NIW 的 Dhanasar 三要素是什么？',
    answer_zh:
      '根据 Matter of Dhanasar（2016），在满足 EB-2 资格后需证明：(1) 拟从事的事业具有实质价值和国家重要性；(2) 你有能力推进该事业（教育、技能、过往成绩、计划和进展、用户或投资人的兴趣等）；(3) 综合权衡，豁免工作邀请和劳工证对美国有利。三项均以“优势证据”标准判断。',
    question_en: 'What are the three Dhanasar prongs for NIW?',
    answer_en:
      'Under Matter of Dhanasar (2016), once you qualify for EB-2 you must show: (1) the proposed endeavor has substantial merit and national importance; (2) you are well positioned to advance it (education, skills, record of success, a plan and progress, interest from users or investors); (3) on balance it would benefit the United States to waive the job offer and labor certification. Each prong is judged by a preponderance of the evidence.',
  },
  {
    key: 'niw.eligibility',
    category: 'niw',
    question_zh: '申请 NIW 需要什么学历？',
    answer_zh:
      'NIW 属于 EB-2，需要高等学位（美国硕士或以上，或同等外国学位；学士学位加 5 年渐进式专业工作经验视同硕士），或者证明“特殊能力”（满足六项标准中的至少三项）。',
    question_en: 'What degree do I need for NIW?',
    answer_en:
      'NIW is part of EB-2, so you need an advanced degree (a US master’s or higher or a foreign equivalent; a bachelor’s plus five years of progressive post-degree experience in the specialty counts as a master’s), or exceptional ability shown by at least three of six criteria.',
  },
  {
    key: 'niw.exceptional-ability',
    category: 'niw',
    question_zh: 'EB-2 的“特殊能力”六项标准是什么？',
    answer_zh:
      '8 CFR 204.5(k)(3)(ii)：(A) 与该领域相关的学历证明；(B) 雇主出具的至少十年全职工作经验证明；(C) 执业执照或职业资格证书；(D) 能体现特殊能力的薪酬；(E) 专业协会会员；(F) 同行、政府或专业机构对你成就和重大贡献的认可。满足至少三项后还要通过整体评估。',
    question_en: 'What are the six EB-2 exceptional ability criteria?',
    answer_en:
      '8 CFR 204.5(k)(3)(ii): (A) an academic record relating to the area; (B) employer letters showing at least ten years of full-time experience; (C) a license or certification for the profession; (D) a salary showing exceptional ability; (E) membership in professional associations; (F) recognition for achievements and significant contributions by peers, government entities or professional organizations. Meeting three is a threshold; a final merits review follows.',
  },
  {
    key: 'niw.endeavor',
    category: 'niw',
    question_zh: 'NIW 的“拟从事事业”（proposed endeavor）怎么写？',
    answer_zh:
      '写一份具体的事业陈述：你将在美国做什么、面向什么问题、预期影响是什么、为何具有全国性重要意义（不能只惠及单一雇主或客户）。用行业报告、政府政策文件和数据支撑其国家重要性，并给出可执行的计划。',
    question_en: 'How do I describe my proposed endeavor for NIW?',
    answer_en:
      'Write a specific endeavor statement: what you will do in the United States, which problem it addresses, its expected impact, and why it matters nationally rather than only to one employer or client. Support national importance with industry reports, government policy documents and data, and give a workable plan.',
  },
  {
    key: 'niw.eta9089',
    category: 'niw',
    question_zh: 'NIW 申请还需要提交 ETA-9089 吗？',
    answer_zh:
      '需要。虽然 NIW 豁免劳工证，USCIS 自 2024 年 8 月的指引要求 NIW 申请仍须提交填写完整的 ETA-9089 表格及附录 A（和其他适用附录）。自申请人通常自己签署外籍员工和雇主声明，劳工部的 A 部分留空。',
    question_en: 'Does an NIW petition still need Form ETA-9089?',
    answer_en:
      'Yes. Although NIW waives the labor certification, USCIS guidance from August 2024 requires NIW petitions to include a completed Form ETA-9089 with Appendix A (and any other applicable appendices). A self-petitioner usually signs the worker and employer declarations; the Department of Labor’s Section A stays blank.',
  },
  {
    key: 'niw.well-positioned',
    category: 'niw',
    question_zh: '如何证明自己“有能力推进”拟从事的事业？',
    answer_zh:
      '这是 Dhanasar 第二要素。可提交学历与技能证明、论文与引用、过往项目成果、专家推荐信、基金或合同、商业计划书，以及用户、客户或投资人对你工作的兴趣证明，并说明目前已取得的进展。',
    question_en: 'How do I show I am well positioned to advance my endeavor?',
    answer_en:
      'This is the second Dhanasar prong. Submit proof of education and skills, publications and citations, results of past projects, expert letters, grants or contracts, a business plan, and evidence of interest from users, customers or investors, and describe the progress you have made so far.',
  },
  // ── Evidence and letters ──────────────────────────────────────────────────────────────────────────
  {
    key: 'evidence.letters-count',
    category: 'evidence',
    question_zh: '推荐信需要几封？应该找谁写？',
    answer_zh:
      '法规没有规定数量，常见做法是 4–8 封。最好兼顾认识你的专家（合作者、导师、上级）和不认识你、但了解你工作的独立专家；独立推荐人更能说明你的影响力超出了个人圈子。推荐人的资历应在信中或附件简历中写明。',
    question_en: 'How many recommendation letters do I need, and who should write them?',
    answer_en:
      'The regulations set no number; four to eight is common. Mix experts who know you (collaborators, advisors, supervisors) with independent experts who know your work but not you personally: independent letters show your impact reaches beyond your own circle. State each writer’s credentials in the letter or an attached CV.',
  },
  {
    key: 'evidence.letters-content',
    category: 'evidence',
    question_zh: '一封好的推荐信应该包含什么内容？',
    answer_zh:
      '推荐人是谁、为何有资格评价；如何了解你的工作；你的具体贡献是什么、被谁采用、带来了什么可衡量的影响；以及这对应哪项 EB-1A 标准或 Dhanasar 要素。避免多封信使用相同的模板措辞。',
    question_en: 'What should a strong recommendation letter contain?',
    answer_en:
      'Who the writer is and why they are qualified to judge; how they know your work; what exactly you contributed, who adopted it and what measurable impact it had; and which EB-1A criterion or Dhanasar prong it supports. Avoid the same template wording across several letters.',
  },
  {
    key: 'evidence.translation',
    category: 'evidence',
    question_zh: '中文材料需要翻译吗？翻译有什么要求？',
    answer_zh:
      '需要。所有外文文件都必须附完整的英文翻译，并附译者声明（certification）：说明译者能胜任该语言到英文的翻译、译文完整准确，并签名、注明日期和联系方式。译者可以不是专业机构，但不建议申请人自己翻译。',
    question_en: 'Do Chinese documents need translations, and what are the requirements?',
    answer_en:
      'Yes. Every foreign-language document needs a full English translation with a translator’s certification stating that the translator is competent to translate from that language into English and that the translation is complete and accurate, signed and dated with contact details. The translator need not be an agency, but translating your own documents is not advisable.',
  },
  {
    key: 'evidence.media',
    category: 'evidence',
    question_zh: '媒体报道作为证据时需要注意什么？',
    answer_zh:
      '报道必须是关于你和你的工作的，刊登在专业刊物或主流媒体上；要注明标题、日期和作者，附上必要的翻译，并提供该媒体发行量或读者数量的证明。',
    question_en: 'What matters when I use media coverage as evidence?',
    answer_en:
      'The material must be about you and your work and appear in professional or major trade publications or other major media. Include the title, date and author, any necessary translation, and proof of the outlet’s circulation or readership.',
  },
  {
    key: 'evidence.publications',
    category: 'evidence',
    question_zh: '论文和引用数据应该怎么整理？',
    answer_zh:
      '提交论文首页或全文、期刊或会议的排名和影响力说明，以及引用记录（如 Google Scholar 截图），重点标出引用你工作的代表性文章，说明他人如何在你的成果上继续研究。',
    question_en: 'How should I present my publications and citations?',
    answer_en:
      'Include the first pages or full papers, rankings or impact of the journals and conferences, and your citation record (for example a Google Scholar page). Highlight representative articles that cite you and explain how others built on your work.',
  },
  // ── Filing, fees, processing ─────────────────────────────────────────────────────────────────────
  {
    key: 'filing.fee',
    category: 'filing',
    question_zh: '自己申请 I-140 要交多少费用？',
    answer_zh:
      'I-140 申请费 715 美元，另加庇护项目费（Asylum Program Fee）：自申请人为 300 美元，合计 1,015 美元。I-140 第 1 部分第 5 项填 “No”、第 6 项填 “Yes”；这两项留空会被拒收。USCIS 要求两笔费用分开支付、使用同一种支付方式。递交前请在 uscis.gov 核对最新费用。',
    question_en: 'How much does a self-petitioned I-140 cost?',
    answer_en:
      'The I-140 filing fee is $715 plus the Asylum Program Fee, which is $300 for self-petitioners: $1,015 in total. Answer Part 1 item 5 "No" and item 6 "Yes"; leaving them blank gets the petition rejected. USCIS asks for separate payments for the two fees with the same payment method. Check the current fees on uscis.gov before filing.',
  },
  {
    key: 'filing.premium',
    category: 'filing',
    question_zh: '加急处理（Premium Processing）要多少钱、多快？',
    answer_zh:
      '用 I-907 申请加急。自 2026 年 3 月 1 日起（以邮戳为准）费用为 2,965 美元，旧费用会被拒收。EB-1A 的时限为 15 个工作日，EB-2 NIW 为 45 个工作日，从所有审理前提材料到齐时起算。发出 RFE 也算在时限内“作出处理”；超时未处理的，USCIS 退还加急费。',
    question_en: 'How much does premium processing cost, and how fast is it?',
    answer_en:
      'Request it with Form I-907. From March 1, 2026 (postmark date) the fee is $2,965; a request with the old fee is rejected. The timeframe is 15 business days for EB-1A and 45 business days for EB-2 NIW, counted from when all prerequisites for adjudication are in. An RFE counts as action within the period; if USCIS misses the deadline it refunds the fee.',
  },
  {
    key: 'filing.processing-time',
    category: 'filing',
    question_zh: '不加急的话，I-140 一般要审多久？',
    answer_zh:
      '普通处理通常需要约 6–13 个月，具体取决于服务中心和案件类型，请以 USCIS 官网公布的当前处理时间为准。需要尽快拿到结果的，可以考虑用 I-907 加急。',
    question_en: 'Without premium processing, how long does an I-140 take?',
    answer_en:
      'Regular processing typically takes about 6 to 13 months, depending on the service center and the case type; check the current processing times published on uscis.gov. If you need a decision sooner, consider premium processing with Form I-907.',
  },
  {
    key: 'filing.concurrent',
    category: 'filing',
    question_zh: '可以同时递交 I-140 和 I-485（并行递交）吗？',
    answer_zh:
      '如果你人在美国、身份合法，并且你的优先日在当月签证公告中“当前可递交”，就可以把 I-485（以及 I-765、I-131）与 I-140 一起递交，在 I-140 第 4 部分第 6 项注明。否则先递交 I-140，等排期到了再递交 I-485 或走领馆程序。',
    question_en: 'Can I file the I-140 and I-485 together (concurrent filing)?',
    answer_en:
      'If you are in the United States in lawful status and your priority date is current in that month’s Visa Bulletin, you can file Form I-485 (and I-765, I-131) together with the I-140, noting it in Part 4 item 6 of the I-140. Otherwise file the I-140 first and the I-485 or consular processing once your date is current.',
  },
  {
    key: 'filing.payment',
    category: 'filing',
    question_zh: '现在可以用支票付 USCIS 的费用吗？',
    answer_zh:
      '纸质递交已不再接受个人支票、本票和汇票（自 2025 年 10 月 28 日起只接受电子支付）。请使用 G-1450（信用卡/借记卡）或 G-1650（美国银行账户 ACH 扣款），同一申请包中不要混用两种方式；确需豁免的用 G-1651 申请。',
    question_en: 'Can I still pay USCIS fees by check?',
    answer_en:
      'Paper filings no longer accept personal checks, cashier’s checks or money orders (electronic payment only from October 28, 2025). Use Form G-1450 (credit or debit card) or G-1650 (ACH debit from a US bank account), and do not mix the two in one package; request an exemption on Form G-1651 if you must.',
  },
  {
    key: 'filing.receipt',
    category: 'filing',
    question_zh: '递交后多久能收到收据？',
    answer_zh:
      '如果在申请包最上面附了 G-1145，USCIS 会在锁箱（lockbox）接收后 24 小时内发送电子通知，告知收据号；纸质 I-797C 收据通常在接收后 10 天内寄到。',
    question_en: 'How soon do I get a receipt after filing?',
    answer_en:
      'If you clip Form G-1145 on top of the package, USCIS sends an e-notification with your receipt number within 24 hours of lockbox acceptance; the paper I-797C receipt notice usually arrives by mail within 10 days.',
  },
  {
    key: 'filing.address',
    category: 'filing',
    question_zh: 'I-140 应该寄到哪里？',
    answer_zh:
      '递交地址会调整，请在递交当天查看 USCIS 官网 I-140 的 “Where to File” 页面。目前与 I-485 并行递交的申请和 I-907 通常寄往 Elgin 或 Phoenix 锁箱，按受益人的工作州决定；已在审理中的 I-140 补交 I-907 时，寄往该 I-140 所在地并附 I-797C 复印件。',
    question_en: 'Where do I mail my I-140?',
    answer_en:
      'Filing addresses change, so read the USCIS "Where to File" page for Form I-140 on the day you file. Concurrent I-140/I-485 filings and I-907 requests currently go to the Elgin or Phoenix lockbox depending on the beneficiary’s work state; an I-907 for a pending I-140 goes where the I-140 is pending, with a copy of the I-797C.',
  },
  {
    key: 'filing.signature',
    category: 'filing',
    question_zh: 'I-140 可以电子签名吗？',
    answer_zh: '纸质表格不能用电子签名。需要手写签名，提交手写签名原件的扫描件或复印件是可以接受的。',
    question_en: 'Can I sign the I-140 electronically?',
    answer_en:
      'Not on a paper form: the signature must be handwritten. A photocopy or scan of an original handwritten signature is accepted.',
  },
  // ── After filing ─────────────────────────────────────────────────────────────────────────────────
  {
    key: 'after.rfe',
    category: 'after',
    question_zh: '收到 RFE（补充材料通知）怎么办？',
    answer_zh:
      'RFE 说明审理官认为现有证据不足，而不是拒绝。仔细阅读每一个问题，在截止日期前一次性回复：逐条回应、补充新证据并解释其如何满足标准，附上 RFE 原件。未按时回复的案件会按现有材料裁决。',
    question_en: 'What should I do if I receive an RFE (Request for Evidence)?',
    answer_en:
      'An RFE means the officer finds the evidence insufficient so far; it is not a denial. Read every point carefully and reply once, before the deadline: answer each issue, add new evidence and explain how it meets the standard, and include the RFE notice itself. A case without a timely reply is decided on the record as it stands.',
  },
  {
    key: 'after.noid',
    category: 'after',
    question_zh: 'RFE 和 NOID 有什么区别？',
    answer_zh:
      'RFE 要求补充证据；NOID（拟拒绝通知）表示 USCIS 打算拒绝，并给你一次反驳机会。两者都要在截止日期前认真回复。加急案件中，发出 RFE 或 NOID 都算在加急时限内作出了处理。',
    question_en: 'What is the difference between an RFE and a NOID?',
    answer_en:
      'An RFE asks for more evidence; a Notice of Intent to Deny (NOID) says USCIS intends to deny and gives you one chance to rebut. Answer both carefully before the deadline. In premium processing, issuing an RFE or a NOID counts as action within the timeframe.',
  },
  {
    key: 'after.denied',
    category: 'after',
    question_zh: 'I-140 被拒后还能再申请吗？',
    answer_zh:
      '可以。你可以针对拒绝理由补强证据后重新递交新的 I-140，也可以提出动议（重开或重审）或上诉。很多申请人选择在补齐短板后重新递交，同时在新申请的 I-140 第 4 部分如实说明之前的申请记录。',
    question_en: 'Can I file again after an I-140 denial?',
    answer_en:
      'Yes. You can strengthen the evidence against the reasons for denial and file a new I-140, or file a motion to reopen or reconsider, or an appeal. Many petitioners refile once the gaps are closed, disclosing the earlier petition truthfully in Part 4 of the new I-140.',
  },
  {
    key: 'after.priority-date',
    category: 'after',
    question_zh: 'I-140 批准后下一步是什么？',
    answer_zh:
      'I-140 批准后，你的优先日（递交日）即被锁定。当签证公告显示你的优先日“当前”时，在美国境内递交 I-485 调整身份，或在境外通过美国使领馆办理移民签证。中国大陆出生的申请人排期通常较长，请关注每月的签证公告。',
    question_en: 'What happens after my I-140 is approved?',
    answer_en:
      'Once the I-140 is approved your priority date (the filing date) is secured. When the Visa Bulletin shows your date as current, file Form I-485 to adjust status inside the United States, or apply for an immigrant visa at a US consulate abroad. Applicants born in mainland China often wait longer; follow the monthly Visa Bulletin.',
  },
];
