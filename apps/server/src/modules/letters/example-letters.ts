import type { TExampleLetters } from '@dossier/contract';

/**
 * Five example recommendation letters written by us (issue 12 item 4), in Chinese and English. The people and
 * institutions are invented; customers adapt structure and tone, never copy the wording.
 */
export const EXAMPLE_LETTERS: TExampleLetters['examples'] = [
  {
    kind: 'independent_expert',
    title: { zh: '独立专家推荐信', en: 'Letter from an independent expert' },
    when: {
      zh: '推荐人与申请人没有合作或雇佣关系，仅通过其发表的成果了解申请人。移民官最看重这类推荐信。',
      en: 'The recommender never worked with the petitioner and knows the work only through its publication. Officers weigh these letters most.',
    },
    body: {
      zh: '致美国公民及移民服务局：\n\n我是加州某大学电气工程系教授王明，从事电池材料研究二十余年，发表论文一百四十余篇，并担任两家国际期刊的副主编。我与张华博士从未共事，我是通过她 2021 年发表的固态电解质论文了解其工作的。\n\n张博士提出的界面包覆方法将电池循环寿命提高了约百分之四十，这一结果已被至少三个独立研究团队重复并采用，其论文被引用三百余次。我的实验室也在 2023 年采用了这一方法。\n\n在我看来，张博士的贡献对储能领域具有重大意义，并直接服务于美国能源安全。我毫无保留地推荐她。\n\n此致\n王明（签名）\n教授，电气工程系',
      en: 'To U.S. Citizenship and Immigration Services:\n\nI am Ming Wang, Professor of Electrical Engineering at a California university. I have studied battery materials for over twenty years, published more than 140 papers, and serve as associate editor of two international journals. I have never worked with Dr. Hua Zhang; I know her work through her 2021 paper on solid electrolytes.\n\nDr. Zhang’s interface-coating method raised battery cycle life by about forty percent. At least three independent groups have reproduced and adopted it, and the paper has been cited more than 300 times. My own laboratory adopted the method in 2023.\n\nIn my opinion her contribution is of major significance to energy storage and serves the energy security of the United States directly. I recommend her without reservation.\n\nSincerely,\nMing Wang (signature)\nProfessor of Electrical Engineering',
    },
  },
  {
    kind: 'collaborator',
    title: { zh: '合作者推荐信', en: 'Letter from a collaborator' },
    when: {
      zh: '推荐人与申请人共同完成过项目，能具体说明申请人在合作中的独特作用。',
      en: 'The recommender worked on a project with the petitioner and can say exactly what the petitioner contributed.',
    },
    body: {
      zh: '致美国公民及移民服务局：\n\n我是某生物医药公司首席科学家李强。2019 年至 2022 年，我与陈磊博士共同负责一项肿瘤早筛项目，我负责临床样本，陈博士负责算法设计。\n\n陈博士设计的多模态模型是该项目成功的关键：它把早期检出率从百分之六十二提高到百分之八十五，项目因此获得约两千万美元的后续投资，相关产品已在美国十二家医院使用。没有他的算法，这些成果不可能实现。\n\n我认为陈博士在其领域中属于顶尖人才，特此推荐。\n\n此致\n李强（签名）\n首席科学家',
      en: 'To U.S. Citizenship and Immigration Services:\n\nI am Qiang Li, Chief Scientist of a biomedical company. From 2019 to 2022 Dr. Lei Chen and I co-led a project on early cancer screening: I was responsible for clinical samples and Dr. Chen for the algorithm.\n\nThe multimodal model Dr. Chen designed was the key to the project: it raised early detection from 62 to 85 percent, which brought about USD 20 million of follow-on investment, and the resulting product is used in twelve U.S. hospitals. None of this would have been possible without his algorithm.\n\nI consider Dr. Chen among the very best in his field and recommend him.\n\nSincerely,\nQiang Li (signature)\nChief Scientist',
    },
  },
  {
    kind: 'supervisor',
    title: { zh: '上级或导师推荐信', en: 'Letter from a supervisor' },
    when: {
      zh: '推荐人是申请人的上级、导师或部门负责人，能证明申请人承担的关键角色及其成果。',
      en: 'The recommender is the petitioner’s manager, adviser or head of department and can attest to the critical role and its results.',
    },
    body: {
      zh: '致美国公民及移民服务局：\n\n我是某互联网公司工程副总裁刘洋，2018 年起担任赵敏女士的直接上级。\n\n赵女士领导由十五名工程师组成的支付风控团队，她主持设计的实时风控系统每天处理约四千万笔交易，使欺诈损失在两年内下降百分之五十五，每年为公司节省约三千万美元。公司因此在 2022 年获得行业安全奖项。\n\n赵女士在公司中担任的是无可替代的关键角色。我强烈推荐她。\n\n此致\n刘洋（签名）\n工程副总裁',
      en: 'To U.S. Citizenship and Immigration Services:\n\nI am Yang Liu, Vice President of Engineering at an internet company, and Ms. Min Zhao’s direct manager since 2018.\n\nMs. Zhao leads the fifteen-engineer payment-risk team. The real-time risk system she designed handles about 40 million transactions a day and cut fraud losses by 55 percent in two years, saving the company about USD 30 million a year; it earned the company an industry security award in 2022.\n\nMs. Zhao holds a critical role that no one else in the company could fill. I recommend her strongly.\n\nSincerely,\nYang Liu (signature)\nVice President of Engineering',
    },
  },
  {
    kind: 'industry_user',
    title: { zh: '行业用户推荐信', en: 'Letter from an industry user' },
    when: {
      zh: '推荐人所在机构使用了申请人的技术、产品或方法，能说明实际效益。',
      en: 'The recommender’s organisation uses the petitioner’s technology, product or method and can state the benefit.',
    },
    body: {
      zh: '致美国公民及移民服务局：\n\n我是德州某制造企业的运营总监孙丽。我们与周杰先生没有任何雇佣或投资关系。\n\n2022 年，我们在三条生产线上部署了周先生开发的开源预测性维护软件。一年内，非计划停机减少了百分之三十八，维护成本降低约一百二十万美元。据我了解，美国已有四十余家工厂使用该软件。\n\n周先生的工作对美国制造业具有切实的价值。我乐于推荐他。\n\n此致\n孙丽（签名）\n运营总监',
      en: 'To U.S. Citizenship and Immigration Services:\n\nI am Li Sun, Director of Operations at a manufacturer in Texas. We have no employment or investment relationship with Mr. Jie Zhou.\n\nIn 2022 we deployed the open-source predictive-maintenance software Mr. Zhou developed on three production lines. Within a year unplanned downtime fell by 38 percent and maintenance costs by about USD 1.2 million. To my knowledge more than forty U.S. plants now use the software.\n\nMr. Zhou’s work is of real value to U.S. manufacturing. I am glad to recommend him.\n\nSincerely,\nLi Sun (signature)\nDirector of Operations',
    },
  },
  {
    kind: 'government_association',
    title: { zh: '政府机构或行业协会推荐信', en: 'Letter from a government body or association' },
    when: {
      zh: '推荐人代表政府机构或行业协会，能说明申请人工作获得的官方认可或对公共利益的贡献。',
      en: 'The recommender speaks for a government body or professional association and can state official recognition or the public benefit of the work.',
    },
    body: {
      zh: '致美国公民及移民服务局：\n\n我是某全国性水资源协会的技术委员会主席吴刚。本协会拥有八千余名会员。\n\n黄蕾博士提出的低成本水质监测方法于 2023 年被本协会纳入推荐技术指南，目前已有六个州的市政供水系统采用。协会技术委员会评审认为，该方法使小型社区的检测成本降低了约三分之二。\n\n黄博士的工作符合美国的公共卫生利益。本人谨代表技术委员会予以推荐。\n\n此致\n吴刚（签名）\n技术委员会主席',
      en: 'To U.S. Citizenship and Immigration Services:\n\nI am Gang Wu, Chair of the Technical Committee of a national water-resources association with more than 8,000 members.\n\nIn 2023 our association included the low-cost water-quality monitoring method of Dr. Lei Huang in its recommended technical guidance; municipal water systems in six states now use it. The Technical Committee found that the method cuts testing costs for small communities by about two thirds.\n\nDr. Huang’s work serves the public-health interest of the United States. I recommend her on behalf of the Technical Committee.\n\nSincerely,\nGang Wu (signature)\nChair, Technical Committee',
    },
  },
];
