import type { Eb1aCategory } from '@dossier/contract';
import type { CriterionContent } from './criteria-content.ts';

/**
 * What each EB-1A category's evidence should show (8 CFR 204.5(h)(3)(i)–(x), (h)(4)), for the evidence screen and
 * the downloadable template. Written by us from the regulation and USCIS Policy Manual vol. 6 part F ch. 2;
 * guidance, not legal advice.
 */
export const EB1A_CONTENT: Record<Eb1aCategory, CriterionContent> = {
  awards: {
    label: { zh: '奖项', en: 'Awards' },
    shows: {
      zh: '您获得过全国或国际认可的、表彰所在领域卓越成就的奖项或奖励（不必是最高级别的奖项）。',
      en: 'You received lesser nationally or internationally recognized prizes or awards for excellence in your field.',
    },
    checklist: {
      zh: [
        '获奖证书或奖杯照片（含您的姓名与日期）',
        '颁奖机构介绍及其权威性',
        '评选标准、参选人数与获奖比例',
        '媒体对该奖项的报道',
      ],
      en: [
        'Certificate or photo of the award naming you, with the date',
        'Who grants it and why it carries weight',
        'Selection criteria, number of candidates and share of winners',
        'Press coverage of the award',
      ],
    },
  },
  association: {
    label: { zh: '协会会员', en: 'Association' },
    shows: {
      zh: '您是要求会员具有杰出成就的协会成员，且成就由国内或国际公认的专家评判。',
      en: 'Membership in associations that require outstanding achievements of their members, as judged by recognized national or international experts.',
    },
    checklist: {
      zh: [
        '会员证书或会员信',
        '协会章程中的入会条件',
        '评审入会申请的专家名单及其资历',
        '说明会费或职业资格不足以入会',
      ],
      en: [
        'Membership certificate or letter',
        'The bylaws stating the admission requirements',
        'Who judges applications and their standing',
        'That dues or a job alone do not qualify for membership',
      ],
    },
  },
  media_reports: {
    label: { zh: '媒体报道', en: 'Media Reports' },
    shows: {
      zh: '专业刊物、主流行业刊物或其他主要媒体上关于您及您工作的报道。',
      en: 'Published material about you and your work in professional or major trade publications or other major media.',
    },
    checklist: {
      zh: [
        '报道全文（标题、日期、作者）',
        '媒体的发行量或访问量证明',
        '报道内容是关于您本人及您的工作',
        '非英文报道的完整译文',
      ],
      en: [
        'Full article with title, date and author',
        'Circulation or readership of the outlet',
        'That the article is about you and your work',
        'A full translation of any article not in English',
      ],
    },
  },
  judge: {
    label: { zh: '评审', en: 'Judge' },
    shows: {
      zh: '您单独或作为评审组成员评审过同领域或相关领域他人的工作。',
      en: 'You participated, individually or on a panel, as a judge of the work of others in the same or an allied field.',
    },
    checklist: {
      zh: ['审稿邀请及完成审稿的确认', '评审委员会任命函', '所评审期刊或比赛的地位', '评审的次数与时间'],
      en: [
        'Review invitations and confirmations that you completed them',
        'Appointment letters to judging panels',
        'Standing of the journals or competitions',
        'How often and when you judged',
      ],
    },
  },
  original_contributions: {
    label: { zh: '原创性贡献', en: 'Original Contributions' },
    shows: {
      zh: '您在科学、学术、艺术、体育或商业领域做出了具有重大意义的原创性贡献。',
      en: 'Original scientific, scholarly, artistic, athletic or business-related contributions of major significance in your field.',
    },
    checklist: {
      zh: [
        '专利、发表成果或产品说明',
        '他人采用、引用或商业化的证据',
        '独立专家说明贡献影响的推荐信',
        '引用数据或使用数据',
      ],
      en: [
        'Patents, publications or product descriptions',
        'Evidence others adopted, cited or commercialised it',
        'Letters from independent experts on its impact',
        'Citation or usage figures',
      ],
    },
  },
  scholarly_publication: {
    label: { zh: '学术文章', en: 'Scholarly Publication' },
    shows: {
      zh: '您在专业期刊、主流行业刊物或其他主要媒体上发表过学术文章。',
      en: 'Authorship of scholarly articles in professional or major trade publications or other major media.',
    },
    checklist: {
      zh: [
        '文章首页（含作者与期刊信息）',
        '期刊的影响因子或排名',
        '引用记录（如 Google Scholar）',
        '同行评审说明',
      ],
      en: [
        'First page of each article with authors and journal',
        'Impact factor or ranking of the journals',
        'Citation record (e.g. Google Scholar)',
        'That the journals are peer reviewed',
      ],
    },
  },
  exhibition: {
    label: { zh: '作品展览', en: 'Exhibition' },
    shows: {
      zh: '您的作品在艺术展览或展示会上展出。',
      en: 'Display of your work at artistic exhibitions or showcases.',
    },
    checklist: {
      zh: ['展览邀请函或目录', '展出现场照片', '展览的规模与声誉', '媒体评论'],
      en: [
        'Invitation or catalogue of the exhibition',
        'Photos of your work on display',
        'Size and reputation of the venue',
        'Reviews in the press',
      ],
    },
  },
  critical_role: {
    label: { zh: '关键角色', en: 'Critical Role' },
    shows: {
      zh: '您在声誉卓著的组织或机构中担任领导或关键角色。',
      en: 'A leading or critical role for organizations or establishments that have a distinguished reputation.',
    },
    checklist: {
      zh: [
        '任职证明与职责说明',
        '组织架构图显示您的位置',
        '您的工作对组织成果的影响',
        '组织声誉的证据（排名、报道、奖项）',
      ],
      en: [
        'Letter confirming your role and duties',
        'Organisation chart showing your position',
        'How your work shaped the organisation’s results',
        'Evidence of its reputation (rankings, press, awards)',
      ],
    },
  },
  high_salary: {
    label: { zh: '高薪', en: 'High Salary' },
    shows: {
      zh: '与同领域其他人相比，您的薪酬或其他报酬显著较高。',
      en: 'A high salary or other significantly high remuneration in relation to others in the field.',
    },
    checklist: {
      zh: [
        '工资单、税单或雇佣合同',
        '同地区同职位的薪酬统计（如劳工统计数据）',
        '奖金、股权等其他报酬',
        '外币收入的换算说明',
      ],
      en: [
        'Pay slips, tax returns or the employment contract',
        'Salary surveys for the same role and region (e.g. BLS data)',
        'Bonuses, equity and other pay',
        'Conversion of foreign-currency income',
      ],
    },
  },
  commercial_successes: {
    label: { zh: '商业成功', en: 'Commercial Successes' },
    shows: {
      zh: '您在表演艺术领域取得商业成功，如票房、唱片、影音销量。',
      en: 'Commercial successes in the performing arts, shown by box-office receipts or record, cassette, compact disc or video sales.',
    },
    checklist: {
      zh: ['票房或销量数据', '排行榜排名', '合同与版税结算', '行业媒体报道'],
      en: [
        'Box-office or sales figures',
        'Chart positions',
        'Contracts and royalty statements',
        'Trade press coverage',
      ],
    },
  },
  other_evidence: {
    label: { zh: '其他证据', en: 'Other Evidence' },
    shows: {
      zh: '上述标准不完全适用于您的职业时，可提交可比证据，并说明为何这些标准不适用。',
      en: 'Comparable evidence when the criteria above do not readily apply to your occupation, with an explanation why.',
    },
    checklist: {
      zh: ['说明哪些标准不适用及原因', '可比证据本身', '证据与某项标准的对应关系'],
      en: [
        'Which criteria do not apply and why',
        'The comparable evidence itself',
        'Which criterion each piece compares to',
      ],
    },
  },
};
