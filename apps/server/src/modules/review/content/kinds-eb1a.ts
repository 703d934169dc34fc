import type { Eb1aCategory } from '@dossier/contract';
import { type CriterionMapContent, eb1aSource, type QuestionContent, SRC } from './types.ts';

/**
 * EB-1A: the kinds of evidence of each criterion of 8 CFR 204.5(h)(3)(i)–(x) and comparable evidence (h)(4), as
 * the USCIS Policy Manual, Vol. 6, Part F, Ch. 2 (updated 2024-10-02) and its appendix on the criteria describe
 * them, and what it says does not count. Then the final-merits questions. Written by us; guidance, not legal advice.
 */
const s = {
  awards: eb1aSource('8 CFR 204.5(h)(3)(i)'),
  association: eb1aSource('8 CFR 204.5(h)(3)(ii)'),
  media: eb1aSource('8 CFR 204.5(h)(3)(iii)'),
  judge: eb1aSource('8 CFR 204.5(h)(3)(iv)'),
  original: eb1aSource('8 CFR 204.5(h)(3)(v)'),
  scholarly: eb1aSource('8 CFR 204.5(h)(3)(vi)'),
  exhibition: eb1aSource('8 CFR 204.5(h)(3)(vii)'),
  role: eb1aSource('8 CFR 204.5(h)(3)(viii)'),
  salary: eb1aSource('8 CFR 204.5(h)(3)(ix)'),
  commercial: eb1aSource('8 CFR 204.5(h)(3)(x)'),
  comparable: eb1aSource('8 CFR 204.5(h)(4)'),
};

export const EB1A_MAP: Record<Eb1aCategory, CriterionMapContent> = {
  awards: {
    kinds: [
      {
        key: 'award_certificate',
        label: { zh: '获奖证书（含姓名与日期）', en: 'Award certificate naming you, with the date' },
        counts: true,
        why: {
          zh: '证明您本人获得了该奖项及获奖时间。',
          en: 'Shows that you received the prize and when.',
        },
        source: s.awards,
      },
      {
        key: 'award_criteria',
        label: { zh: '评选标准与评审情况', en: 'Selection criteria and who judged' },
        counts: true,
        why: {
          zh: '说明奖项表彰的是所在领域的卓越成就：评选标准、评审人、参选人数与获奖比例。',
          en: 'Shows the prize is for excellence in the field: the criteria, who judged, how many competed and how many won.',
        },
        source: s.awards,
      },
      {
        key: 'award_recognition',
        label: {
          zh: '奖项在全国或国际范围内受认可的证据',
          en: 'Evidence the award is nationally or internationally recognised',
        },
        counts: true,
        why: {
          zh: '如全国性或国际性媒体对奖项的报道、颁奖机构的地位。',
          en: 'Such as national or international press about the award, or the standing of who grants it.',
        },
        source: s.awards,
      },
      {
        key: 'participation_or_local',
        label: {
          zh: '参与证书，或仅限一个单位、地方的奖项',
          en: 'Certificate of participation, or a prize limited to one employer or locality',
        },
        counts: false,
        why: {
          zh: '参与本身不是获奖；只在本单位、本校或地方范围内颁发的奖项通常不能证明全国或国际认可。',
          en: 'Taking part is not winning; a prize open only within one employer, school or locality usually does not show national or international recognition.',
        },
        source: s.awards,
      },
      {
        key: 'grant_or_scholarship',
        label: { zh: '科研资助或奖学金', en: 'Research grant or scholarship' },
        counts: false,
        why: {
          zh: '资助通常用于将来的工作，而非表彰已取得的卓越成就；可在其他标准（如原创贡献）下说明。',
          en: 'Funding usually pays for future work rather than recognising past excellence; it may support another criterion (such as original contributions).',
        },
        source: s.awards,
      },
    ],
    points: [
      {
        key: 'awards_excellence',
        text: {
          zh: '奖项须为全国或国际认可、且为表彰所在领域的卓越成就而颁发；不必是最高级别的奖项。',
          en: 'The prizes must be nationally or internationally recognised and given for excellence in the field; they need not be the highest ones.',
        },
        source: s.awards,
      },
      {
        key: 'awards_team',
        text: {
          zh: '团队奖项可以计入，前提是您是获奖者之一；颁给您雇主的奖项不是您获得的奖项。',
          en: 'A team award counts when you are one of its recipients; an award given to your employer is not your award.',
        },
        source: s.awards,
      },
    ],
  },
  association: {
    kinds: [
      {
        key: 'bylaws_admission',
        label: {
          zh: '章程中的入会条件（要求杰出成就）',
          en: 'Bylaws showing admission requires outstanding achievements',
        },
        counts: true,
        why: {
          zh: '协会须以杰出成就作为入会的必要条件，章程或入会规则是直接证据。',
          en: 'The association must require outstanding achievements for admission; its bylaws or admission rules show it directly.',
        },
        source: s.association,
      },
      {
        key: 'judged_by_experts',
        label: { zh: '由公认专家评审入会的证据', en: 'Evidence that recognised experts judge admission' },
        counts: true,
        why: {
          zh: '入会申请须由国内或国际公认的专家评判：评审人名单及其资历。',
          en: 'Applications must be judged by recognised national or international experts: who the judges are and their standing.',
        },
        source: s.association,
      },
      {
        key: 'membership_proof',
        label: { zh: '会员证书或会员信', en: 'Membership certificate or letter' },
        counts: true,
        why: {
          zh: '证明您是该级别的会员（配合章程与评审证据）。',
          en: 'Shows you hold membership at the qualifying level (with the bylaws and who judges).',
        },
        source: s.association,
      },
      {
        key: 'dues_receipt',
        label: {
          zh: '会费收据或注册即可入会',
          en: 'Dues receipt, or membership open to anyone who signs up',
        },
        counts: false,
        why: {
          zh: '缴纳会费或注册即可取得的会员资格不要求杰出成就，不能证明本项标准。',
          en: 'Membership gained by paying dues or signing up does not require outstanding achievements and does not prove this criterion.',
        },
        source: s.association,
      },
      {
        key: 'job_or_degree_based',
        label: {
          zh: '仅凭学历、职位或从业年限取得的会员资格',
          en: 'Membership based only on a degree, job or years in the field',
        },
        counts: false,
        why: {
          zh: '仅以学历、职称、工作年限或推荐为条件的会员资格，不等于以杰出成就为条件。',
          en: 'Membership that asks only for a degree, a job title, years of experience or a referral is not admission for outstanding achievements.',
        },
        source: s.association,
      },
    ],
    points: [
      {
        key: 'association_outstanding',
        text: {
          zh: '协会须要求会员具有杰出成就，且由国内或国际公认的专家评判。',
          en: 'The association must require outstanding achievements of its members, as judged by recognised national or international experts.',
        },
        source: s.association,
      },
      {
        key: 'association_past',
        text: {
          zh: '过去的会员资格也可以计入。',
          en: 'Past memberships count too.',
        },
        source: s.association,
      },
    ],
  },
  media_reports: {
    kinds: [
      {
        key: 'article_about_you',
        label: {
          zh: '关于您及您工作的报道（含标题、日期、作者）',
          en: 'Article about you and your work (title, date, author)',
        },
        counts: true,
        why: {
          zh: '报道须关于您本人及您在领域内的工作，并注明标题、日期与作者。',
          en: 'The material must be about you and your work in the field, and give its title, date and author.',
        },
        source: s.media,
      },
      {
        key: 'outlet_standing',
        label: { zh: '媒体的发行量、受众或地位证据', en: 'The outlet’s circulation, audience or standing' },
        counts: true,
        why: {
          zh: '说明刊物是专业刊物、主要行业刊物或其他主要媒体：发行量、读者群、在行业中的地位。',
          en: 'Shows the outlet is a professional or major trade publication or other major media: circulation, readership, standing in the field.',
        },
        source: s.media,
      },
      {
        key: 'mention_only',
        label: {
          zh: '仅提及您，或主要关于您的雇主或产品',
          en: 'Only mentions you, or is mainly about your employer or product',
        },
        counts: false,
        why: {
          zh: '顺带提及或主要关于机构、产品的报道，不是关于您及您工作的报道。',
          en: 'A passing mention, or coverage mainly about an organisation or a product, is not material about you and your work.',
        },
        source: s.media,
      },
      {
        key: 'citation_of_work',
        label: { zh: '他人论文对您论文的引用', en: 'Others’ papers citing yours' },
        counts: false,
        why: {
          zh: '把您的论文列为参考文献之一的文章通常不是关于您的报道（引用可用于原创贡献标准）。',
          en: 'An article that lists your paper among its references is usually not about you (citations can support original contributions).',
        },
        source: s.media,
      },
      {
        key: 'own_or_paid',
        label: {
          zh: '您自己撰写的文章、新闻稿或付费广告',
          en: 'Your own writing, a press release or a paid advertisement',
        },
        counts: false,
        why: {
          zh: '须为他人发表的关于您的材料；自撰文章、新闻稿或广告不能证明本项标准。',
          en: 'The material must be published by others about you; your own articles, press releases or advertisements do not prove this criterion.',
        },
        source: s.media,
      },
    ],
    points: [
      {
        key: 'media_about',
        text: {
          zh: '在专业刊物、主要行业刊物或其他主要媒体上发表的、关于您及您工作的材料，注明标题、日期和作者。',
          en: 'Published material about you and your work in professional or major trade publications or other major media, with its title, date and author.',
        },
        source: s.media,
      },
    ],
  },
  judge: {
    kinds: [
      {
        key: 'review_record',
        label: {
          zh: '审稿记录或编辑确认审稿已完成',
          en: 'Review record, or the editor confirming the review was done',
        },
        counts: true,
        why: {
          zh: '须证明您实际评审过他人的工作：期刊系统的审稿记录、编辑的确认信（含日期与次数）。',
          en: 'Must show you actually judged others’ work: the journal system’s record of completed reviews, or the editor’s letter confirming them (dates, number).',
        },
        source: s.judge,
      },
      {
        key: 'panel_service',
        label: { zh: '担任评审委员会成员的证据', en: 'Evidence of serving on a judging panel' },
        counts: true,
        why: {
          zh: '如基金评审、竞赛评委、学位论文答辩委员会，且证明评审确已进行。',
          en: 'Such as grant review, competition jury or a thesis committee, showing the judging took place.',
        },
        source: s.judge,
      },
      {
        key: 'invitation_only',
        label: { zh: '仅有审稿或评审邀请', en: 'An invitation to review, alone' },
        counts: false,
        why: {
          zh: '邀请不证明评审发生过；须附上完成评审的证据。',
          en: 'An invitation does not show that the judging happened; add proof the review was completed.',
        },
        source: s.judge,
      },
    ],
    points: [
      {
        key: 'judge_participation',
        text: {
          zh: '须证明您个人或作为评审组成员，实际评判过本领域或相关领域他人的工作。',
          en: 'Shows you actually participated, alone or on a panel, as a judge of the work of others in the same or an allied field.',
        },
        source: s.judge,
      },
    ],
  },
  original_contributions: {
    kinds: [
      {
        key: 'adoption',
        label: { zh: '成果被他人采用或实施的证据', en: 'Evidence others adopted or implemented the work' },
        counts: true,
        why: {
          zh: '重大意义可体现为成果在领域内被广泛采用、实施或改变了实践。',
          en: 'Major significance can show in the work being widely adopted, implemented or changing practice in the field.',
        },
        source: s.original,
      },
      {
        key: 'citations',
        label: { zh: '引用记录及其意义说明', en: 'Citation record and what it shows' },
        counts: true,
        why: {
          zh: '引用数量与质量（如与领域相比的较高引用）可说明成果的影响。',
          en: 'Citations, in number and in context (high compared with the field), can show the work’s influence.',
        },
        source: s.original,
      },
      {
        key: 'licensing_commercial',
        label: { zh: '专利许可或商业化证据', en: 'Licensing or commercial use' },
        counts: true,
        why: {
          zh: '专利被许可、产品被商业化使用，可说明贡献的重大意义。',
          en: 'A licensed patent or a product in commercial use can show major significance.',
        },
        source: s.original,
      },
      {
        key: 'independent_corroboration',
        label: { zh: '独立专家的具体证实', en: 'Specific corroboration by independent experts' },
        counts: true,
        why: {
          zh: '与您无合作关系的专家具体说明贡献如何影响了领域；空泛的赞扬作用有限。',
          en: 'Experts who have not worked with you explain specifically how the contribution affected the field; general praise carries little weight.',
        },
        source: s.original,
      },
      {
        key: 'publication_or_patent_alone',
        label: { zh: '仅有论文或专利本身', en: 'A publication or a patent alone' },
        counts: false,
        why: {
          zh: '发表或获得专利说明原创性，但不能单独证明其对领域具有重大意义。',
          en: 'Publishing or patenting shows originality, but not on its own that the work is of major significance to the field.',
        },
        source: s.original,
      },
    ],
    points: [
      {
        key: 'original_major',
        text: {
          zh: '原创的科学、学术、艺术、体育或商业贡献，须对所在领域具有重大意义，并有独立证据佐证。',
          en: 'Original scientific, scholarly, artistic, athletic or business contributions of major significance in the field, corroborated independently.',
        },
        source: s.original,
      },
    ],
  },
  scholarly_publication: {
    kinds: [
      {
        key: 'authored_article',
        label: {
          zh: '您署名的学术文章（含作者页）',
          en: 'Scholarly article you authored (with the author page)',
        },
        counts: true,
        why: {
          zh: '文章首页或全文，显示您是作者、刊物名称与日期。',
          en: 'The article’s first page or full text showing you as author, the outlet and the date.',
        },
        source: s.scholarly,
      },
      {
        key: 'outlet_standing_pub',
        label: { zh: '刊物为专业刊物或主要媒体的证据', en: 'Evidence the outlet is professional or major' },
        counts: true,
        why: {
          zh: '如期刊的同行评审制度、影响因子、发行量或在领域中的地位。',
          en: 'Such as its peer review, impact, circulation or standing in the field.',
        },
        source: s.scholarly,
      },
      {
        key: 'conference_paper',
        label: { zh: '会议论文集中发表的论文', en: 'Paper published in conference proceedings' },
        counts: true,
        why: {
          zh: '在专业会议论文集中发表的学术论文可作为学术文章。',
          en: 'A scholarly paper published in a professional conference’s proceedings can be a scholarly article.',
        },
        source: s.scholarly,
      },
      {
        key: 'unpublished',
        label: { zh: '未发表的稿件或内部报告', en: 'Unpublished manuscript or internal report' },
        counts: false,
        why: {
          zh: '本项标准要求已在专业刊物、主要行业刊物或主要媒体上发表。',
          en: 'The criterion asks for articles published in professional or major trade publications or other major media.',
        },
        source: s.scholarly,
      },
    ],
    points: [
      {
        key: 'scholarly_authorship',
        text: {
          zh: '您在专业刊物、主要行业刊物或其他主要媒体上发表的学术文章。',
          en: 'Your authorship of scholarly articles in professional or major trade publications or other major media.',
        },
        source: s.scholarly,
      },
    ],
  },
  exhibition: {
    kinds: [
      {
        key: 'exhibition_record',
        label: {
          zh: '展览目录、节目单或展出证明',
          en: 'Exhibition catalogue, programme or proof of display',
        },
        counts: true,
        why: {
          zh: '显示您的作品在艺术展览或展示会上展出。',
          en: 'Shows your work was displayed at an artistic exhibition or showcase.',
        },
        source: s.exhibition,
      },
      {
        key: 'venue_standing',
        label: { zh: '展览或展示会的地位', en: 'Standing of the exhibition or showcase' },
        counts: true,
        why: {
          zh: '说明展出场所或展会在领域中的地位与影响。',
          en: 'Shows the venue’s or event’s standing in the field.',
        },
        source: s.exhibition,
      },
      {
        key: 'non_artistic_display',
        label: { zh: '学术会议上的海报或报告', en: 'Poster or talk at a scientific conference' },
        counts: false,
        why: {
          zh: '本项标准限于艺术展览；非艺术性的展示只能作为有充分说明的可比证据提交。',
          en: 'The criterion is limited to artistic exhibitions; a display that is not artistic is considered only as properly supported comparable evidence.',
        },
        source: s.exhibition,
      },
    ],
    points: [
      {
        key: 'exhibition_display',
        text: {
          zh: '您的作品在艺术展览或展示会上展出。',
          en: 'Display of your work at artistic exhibitions or showcases.',
        },
        source: s.exhibition,
      },
    ],
  },
  critical_role: {
    kinds: [
      {
        key: 'role_letter',
        label: {
          zh: '机构出具的职务与作用说明',
          en: 'Letter from the organisation on your role and its impact',
        },
        counts: true,
        why: {
          zh: '说明您的职务（领导性）或贡献对机构整体成功的影响（关键性），越具体越好。',
          en: 'Explains your position (leading) or how your work contributed to the organisation’s success (critical), with specifics.',
        },
        source: s.role,
      },
      {
        key: 'org_chart',
        label: { zh: '组织架构图', en: 'Organisational chart' },
        counts: true,
        why: {
          zh: '显示您在机构中的位置与汇报关系。',
          en: 'Shows your place in the organisation and who reports to whom.',
        },
        source: s.role,
      },
      {
        key: 'org_reputation',
        label: {
          zh: '机构享有卓著声誉的证据',
          en: 'Evidence of the organisation’s distinguished reputation',
        },
        counts: true,
        why: {
          zh: '如排名、媒体报道、行业地位，证明机构（或部门）享有卓著声誉。',
          en: 'Such as rankings, press and standing in the industry, showing the organisation (or division) has a distinguished reputation.',
        },
        source: s.role,
      },
      {
        key: 'title_only',
        label: { zh: '仅有职位名称或职位描述', en: 'A job title or job description alone' },
        counts: false,
        why: {
          zh: '职位名称本身不说明作用的领导性或关键性，须说明实际作用与影响。',
          en: 'A title alone does not show that the role was leading or critical; show what you did and its effect.',
        },
        source: s.role,
      },
    ],
    points: [
      {
        key: 'role_distinguished',
        text: {
          zh: '您在享有卓著声誉的机构中担任领导性或关键性角色。',
          en: 'A leading or critical role for organisations or establishments that have a distinguished reputation.',
        },
        source: s.role,
      },
    ],
  },
  high_salary: {
    kinds: [
      {
        key: 'pay_records',
        label: { zh: '薪酬证明（合同、工资单、税单）', en: 'Pay records (contract, pay slips, tax returns)' },
        counts: true,
        why: { zh: '证明您实际获得的薪酬或报酬。', en: 'Shows what you are actually paid.' },
        source: s.salary,
      },
      {
        key: 'field_comparison',
        label: {
          zh: '与本领域薪酬数据的对比（如 BLS/OES 或行业调查）',
          en: 'Comparison with the field’s figures (BLS/OES or a similar survey)',
        },
        counts: true,
        why: {
          zh: '须与同一职业、同一地区的薪酬数据比较，显示您的薪酬明显高于他人。',
          en: 'Compares with figures for the same occupation and location, showing your pay is high relative to others in the field.',
        },
        source: s.salary,
      },
      {
        key: 'pay_without_comparison',
        label: { zh: '只有薪酬证明，没有对比数据', en: 'Pay records with no comparison' },
        counts: false,
        why: {
          zh: '没有与领域数据的对比，无法说明薪酬“高”。',
          en: 'Without a comparison with the field’s figures, the pay is not shown to be high.',
        },
        source: s.salary,
      },
      {
        key: 'unrelated_comparison',
        label: {
          zh: '与全体职业或其他地区的平均值比较',
          en: 'Comparison with all occupations or another location',
        },
        counts: false,
        why: {
          zh: '对比须针对您的职业与工作地点；与全体职业平均值比较说服力不足。',
          en: 'The comparison must be with your occupation where you work; an all-occupations average does not show it.',
        },
        source: s.salary,
      },
    ],
    points: [
      {
        key: 'salary_high',
        text: {
          zh: '与领域内其他人相比，您的薪酬或报酬很高。',
          en: 'A high salary or other significantly high remuneration in relation to others in the field.',
        },
        source: s.salary,
      },
    ],
  },
  commercial_successes: {
    kinds: [
      {
        key: 'sales_records',
        label: { zh: '票房、销量或播放数据', en: 'Box office receipts, sales or streaming figures' },
        counts: true,
        why: {
          zh: '以数字显示商业上的成功。',
          en: 'Shows commercial success in figures.',
        },
        source: s.commercial,
      },
      {
        key: 'market_comparison',
        label: { zh: '与同行的市场数据对比或榜单', en: 'Comparison with others, or charts' },
        counts: true,
        why: {
          zh: '说明这些数字在领域中属于成功。',
          en: 'Shows the figures are a success in the field.',
        },
        source: s.commercial,
      },
      {
        key: 'reviews_without_figures',
        label: { zh: '只有评论或人气描述，没有数据', en: 'Reviews or popularity claims without figures' },
        counts: false,
        why: {
          zh: '本项标准看的是商业数据，评论与好评本身不足以证明。',
          en: 'The criterion asks for commercial figures; reviews and praise do not show it on their own.',
        },
        source: s.commercial,
      },
    ],
    points: [
      {
        key: 'commercial_performing',
        text: {
          zh: '表演艺术领域的商业成功，以票房、唱片、影像销售等证明。',
          en: 'Commercial successes in the performing arts, shown by box office receipts or record, cassette, compact disk or video sales.',
        },
        source: s.commercial,
      },
    ],
  },
  other_evidence: {
    kinds: [
      {
        key: 'why_not_applicable',
        label: {
          zh: '说明某项标准不适用于您的职业',
          en: 'Why a criterion does not readily apply to your occupation',
        },
        counts: true,
        why: {
          zh: '可比证据的前提是某项标准不易适用于您的职业，须先说明原因。',
          en: 'Comparable evidence is for a criterion that does not readily apply to the occupation; explain why first.',
        },
        source: s.comparable,
      },
      {
        key: 'comparable_item',
        label: { zh: '与该标准价值相当的证据', en: 'Evidence of comparable weight to that criterion' },
        counts: true,
        why: {
          zh: '证据须与所替代标准的证明力相当。',
          en: 'The evidence must be of comparable significance to the criterion it stands in for.',
        },
        source: s.comparable,
      },
      {
        key: 'substitute_for_weak',
        label: {
          zh: '因某项标准证据不足而替代提交的材料',
          en: 'Offered because a criterion’s evidence is weak',
        },
        counts: false,
        why: {
          zh: '标准适用但证据不足时，不能以可比证据替代。',
          en: 'When a criterion applies but its evidence falls short, comparable evidence does not stand in for it.',
        },
        source: s.comparable,
      },
    ],
    points: [
      {
        key: 'comparable_when',
        text: {
          zh: '若某些标准不易适用于您的职业，可提交可比证据。',
          en: 'If a standard does not readily apply to your occupation, you may submit comparable evidence.',
        },
        source: s.comparable,
      },
    ],
  },
};

/** The final-merits questions (asked of the whole case once three criteria are met). */
export const EB1A_QUESTIONS: readonly QuestionContent[] = [
  {
    key: 'final_merits_acclaim',
    title: { zh: '持续的国内或国际认可', en: 'Sustained national or international acclaim' },
    points: [
      {
        key: 'acclaim_sustained',
        text: {
          zh: '满足三项标准只是门槛；官员随后综合所有证据，判断您是否获得了持续的国内或国际认可，而不只是一时的成就。',
          en: 'Meeting three criteria is the threshold; the officer then weighs all the evidence together: is the acclaim national or international, and sustained over time rather than a single moment?',
        },
        source: SRC.kazarian,
      },
      {
        key: 'acclaim_continue',
        text: {
          zh: '说明您将来美国继续在该领域工作。',
          en: 'Shows you are coming to continue work in your area of extraordinary ability.',
        },
        source: eb1aSource('8 CFR 204.5(h)(5)'),
      },
    ],
  },
  {
    key: 'final_merits_top',
    title: {
      zh: '位于领域顶端的极少数人之一',
      en: 'Among the small percentage at the very top of the field',
    },
    points: [
      {
        key: 'top_small_percentage',
        text: {
          zh: '证据整体须显示您是已升至该领域最顶端的极少数人之一。',
          en: 'Taken together, the evidence shows you are one of the small percentage who have risen to the very top of the field.',
        },
        source: eb1aSource('8 CFR 204.5(h)(2)'),
      },
    ],
  },
];
