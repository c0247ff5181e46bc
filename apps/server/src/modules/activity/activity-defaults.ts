import { BonusType, type Language } from '@lobby/contract';
import type { ActivityType } from './activity-rules.ts';
import type { ActivityValues } from './activity.repo.ts';

type Texts = Record<Language, { title: string; summary: string }>;

export interface ActivityDefault {
  type: ActivityType;
  sort: number;
  rules: Record<string, unknown>;
  texts: Texts;
}

/**
 * The seven activities of ECONOMY.md with its default numbers, shipped enabled. They are written to
 * the database once (a type already present is left alone, even disabled); operators change them
 * through /ops/v1/activities/*.
 */
export const ACTIVITY_DEFAULTS: ActivityDefault[] = [
  {
    type: BonusType.REGISTER_REWARD,
    sort: 10,
    rules: { reward: '1' },
    texts: {
      zh_CN: { title: '注册奖励', summary: '绑定邮箱即可领取 1 USDT。' },
      zh_TW: { title: '註冊獎勵', summary: '綁定郵箱即可領取 1 USDT。' },
      en_US: { title: 'Register reward', summary: 'Bind your e-mail and claim 1 USDT.' },
      pt_BR: { title: 'Bônus de cadastro', summary: 'Vincule seu e-mail e resgate 1 USDT.' },
      vi_VN: { title: 'Thưởng đăng ký', summary: 'Liên kết e-mail và nhận 1 USDT.' },
      id_ID: { title: 'Bonus pendaftaran', summary: 'Tautkan e-mail Anda dan klaim 1 USDT.' },
      th_TH: { title: 'โบนัสสมัครสมาชิก', summary: 'ผูกอีเมลแล้วรับ 1 USDT' },
      ar_EG: { title: 'مكافأة التسجيل', summary: 'اربط بريدك الإلكتروني واحصل على 1 USDT.' },
    },
  },
  {
    type: BonusType.FIRST_RECHARGE,
    sort: 20,
    rules: { minDeposit: '10', percent: 100, cap: '100', claimDays: 7 },
    texts: {
      zh_CN: { title: '首充奖励', summary: '首次充值至少 10 USDT，赠送 100%，最高 100 USDT，7 天内领取。' },
      zh_TW: { title: '首儲獎勵', summary: '首次儲值至少 10 USDT，贈送 100%，最高 100 USDT，7 天內領取。' },
      en_US: { title: 'First deposit bonus', summary: '100% of your first deposit of at least 10 USDT, up to 100 USDT; claim within 7 days.' },
      pt_BR: { title: 'Bônus de primeiro depósito', summary: '100% do primeiro depósito de pelo menos 10 USDT, até 100 USDT; resgate em 7 dias.' },
      vi_VN: { title: 'Thưởng nạp lần đầu', summary: '100% lần nạp đầu tiên từ 10 USDT, tối đa 100 USDT; nhận trong 7 ngày.' },
      id_ID: { title: 'Bonus deposit pertama', summary: '100% dari deposit pertama minimal 10 USDT, hingga 100 USDT; klaim dalam 7 hari.' },
      th_TH: { title: 'โบนัสฝากครั้งแรก', summary: 'รับ 100% ของยอดฝากครั้งแรกตั้งแต่ 10 USDT สูงสุด 100 USDT รับภายใน 7 วัน' },
      ar_EG: { title: 'مكافأة الإيداع الأول', summary: '100% من إيداعك الأول بحد أدنى 10 USDT وحتى 100 USDT؛ اطلبها خلال 7 أيام.' },
    },
  },
  {
    type: BonusType.SIGN_IN,
    sort: 30,
    rules: { dailyTurnover: '10', rewards: ['0.1', '0.2', '0.3', '0.5', '0.8', '1', '2'] },
    texts: {
      zh_CN: { title: '每日签到', summary: '每天有效投注满 10 USDT 即可签到，连续 7 天奖励 0.1 至 2 USDT，断签重新计算。' },
      zh_TW: { title: '每日簽到', summary: '每天有效投注滿 10 USDT 即可簽到，連續 7 天獎勵 0.1 至 2 USDT，斷簽重新計算。' },
      en_US: { title: 'Daily sign-in', summary: 'Wager 10 USDT a day to sign in; a 7-day streak pays 0.1 to 2 USDT, a missed day starts it again.' },
      pt_BR: {
        title: 'Check-in diário',
        summary: 'Aposte 10 USDT por dia para fazer check-in; 7 dias seguidos pagam de 0,1 a 2 USDT, um dia perdido reinicia.',
      },
      vi_VN: {
        title: 'Điểm danh hằng ngày',
        summary: 'Cược hợp lệ 10 USDT mỗi ngày để điểm danh; chuỗi 7 ngày thưởng 0,1 đến 2 USDT, bỏ lỡ một ngày sẽ bắt đầu lại.',
      },
      id_ID: {
        title: 'Absen harian',
        summary: 'Taruhan 10 USDT sehari untuk absen; 7 hari berturut-turut memberi 0,1 hingga 2 USDT, terlewat sehari mulai lagi.',
      },
      th_TH: { title: 'เช็คอินรายวัน', summary: 'เดิมพันที่นับได้ 10 USDT ต่อวันเพื่อเช็คอิน ต่อเนื่อง 7 วันรับ 0.1 ถึง 2 USDT ขาดหนึ่งวันเริ่มใหม่' },
      ar_EG: {
        title: 'تسجيل الحضور اليومي',
        summary: 'راهن بـ 10 USDT يوميًا لتسجيل الحضور؛ سلسلة 7 أيام تدفع من 0.1 إلى 2 USDT، ويومٌ فائت يعيدها من البداية.',
      },
    },
  },
  {
    type: BonusType.HASH_TASK,
    sort: 40,
    rules: {
      gameIds: [1, 2, 3, 4, 5, 6, 7],
      tasks: [
        { kind: 'rounds', target: 20, reward: '0.5' },
        { kind: 'turnover', target: '100', reward: '0.5' },
      ],
    },
    texts: {
      zh_CN: { title: '哈希任务', summary: '每日任务：玩 20 局 3 秒哈希游戏、哈希有效投注满 100 USDT，各得 0.5 USDT。' },
      zh_TW: { title: '哈希任務', summary: '每日任務：玩 20 局 3 秒哈希遊戲、哈希有效投注滿 100 USDT，各得 0.5 USDT。' },
      en_US: { title: 'Hash tasks', summary: 'Daily tasks: play 20 rounds of 3-second hash games, wager 100 USDT on hash games: 0.5 USDT each.' },
      pt_BR: { title: 'Tarefas hash', summary: 'Tarefas diárias: jogue 20 rodadas de jogos hash de 3 s e aposte 100 USDT em jogos hash: 0,5 USDT cada.' },
      vi_VN: { title: 'Nhiệm vụ hash', summary: 'Nhiệm vụ hằng ngày: chơi 20 ván hash 3 giây, cược hash 100 USDT: mỗi nhiệm vụ 0,5 USDT.' },
      id_ID: { title: 'Tugas hash', summary: 'Tugas harian: main 20 ronde game hash 3 detik, taruhan hash 100 USDT: masing-masing 0,5 USDT.' },
      th_TH: { title: 'ภารกิจ hash', summary: 'ภารกิจรายวัน: เล่นเกม hash 3 วินาที 20 รอบ และเดิมพัน hash 100 USDT รับภารกิจละ 0.5 USDT' },
      ar_EG: { title: 'مهام hash', summary: 'مهام يومية: العب 20 جولة من ألعاب hash ذات 3 ثوانٍ، وراهن بـ 100 USDT على ألعاب hash: 0.5 USDT لكل مهمة.' },
    },
  },
  {
    type: BonusType.BETTING_REBATE,
    sort: 50,
    rules: {
      tiers: [
        { turnover: '1000', reward: '3' },
        { turnover: '5000', reward: '18' },
        { turnover: '20000', reward: '88' },
      ],
    },
    texts: {
      zh_CN: { title: '投注返利', summary: '当日有效投注达 1k / 5k / 20k USDT，分别奖励 3 / 18 / 88 USDT。' },
      zh_TW: { title: '投注返利', summary: '當日有效投注達 1k / 5k / 20k USDT，分別獎勵 3 / 18 / 88 USDT。' },
      en_US: { title: 'Betting rebate', summary: 'Wager 1k / 5k / 20k USDT in a day for 3 / 18 / 88 USDT.' },
      pt_BR: { title: 'Reembolso de apostas', summary: 'Aposte 1k / 5k / 20k USDT em um dia e ganhe 3 / 18 / 88 USDT.' },
      vi_VN: { title: 'Hoàn trả cược', summary: 'Cược hợp lệ 1k / 5k / 20k USDT trong ngày nhận 3 / 18 / 88 USDT.' },
      id_ID: { title: 'Rabat taruhan', summary: 'Taruhan 1k / 5k / 20k USDT dalam sehari untuk 3 / 18 / 88 USDT.' },
      th_TH: { title: 'คืนยอดเดิมพัน', summary: 'เดิมพันที่นับได้ 1k / 5k / 20k USDT ในหนึ่งวัน รับ 3 / 18 / 88 USDT' },
      ar_EG: { title: 'استرداد الرهانات', summary: 'راهن بـ 1k / 5k / 20k USDT في يوم واحد لتحصل على 3 / 18 / 88 USDT.' },
    },
  },
  {
    type: BonusType.LOSS_REBATE,
    sort: 60,
    rules: { percent: 5, minLoss: '50', cap: null },
    texts: {
      zh_CN: { title: '亏损返利', summary: '前一天所有游戏净亏损满 50 USDT，返还 5%，次日领取。' },
      zh_TW: { title: '虧損返利', summary: '前一天所有遊戲淨虧損滿 50 USDT，返還 5%，次日領取。' },
      en_US: { title: 'Loss rebate', summary: '5% of the previous day’s net loss on all games, from 50 USDT; claim it the next day.' },
      pt_BR: { title: 'Reembolso de perdas', summary: '5% da perda líquida do dia anterior em todos os jogos, a partir de 50 USDT; resgate no dia seguinte.' },
      vi_VN: { title: 'Hoàn trả thua cược', summary: '5% số thua ròng của ngày hôm trước trên mọi trò chơi, từ 50 USDT; nhận vào ngày hôm sau.' },
      id_ID: { title: 'Rabat kekalahan', summary: '5% dari kekalahan bersih hari sebelumnya di semua game, mulai 50 USDT; klaim keesokan harinya.' },
      th_TH: { title: 'เงินคืนยอดเสีย', summary: 'คืน 5% ของยอดเสียสุทธิเมื่อวานจากทุกเกม ตั้งแต่ 50 USDT รับได้ในวันถัดไป' },
      ar_EG: { title: 'استرداد الخسائر', summary: '5% من صافي خسارة اليوم السابق في جميع الألعاب، بدءًا من 50 USDT؛ اطلبها في اليوم التالي.' },
    },
  },
  {
    type: BonusType.INVITATION,
    sort: 70,
    rules: { reward: '5', minDeposits: '50', minTurnover: '200' },
    texts: {
      zh_CN: { title: '邀请好友', summary: '每邀请一位充值满 50 USDT 且有效投注满 200 USDT 的好友，奖励 5 USDT。' },
      zh_TW: { title: '邀請好友', summary: '每邀請一位儲值滿 50 USDT 且有效投注滿 200 USDT 的好友，獎勵 5 USDT。' },
      en_US: { title: 'Invite friends', summary: '5 USDT for each invited friend who deposits 50 USDT and wagers 200 USDT.' },
      pt_BR: { title: 'Convide amigos', summary: '5 USDT por amigo convidado que depositar 50 USDT e apostar 200 USDT.' },
      vi_VN: { title: 'Mời bạn bè', summary: '5 USDT cho mỗi người bạn được mời nạp 50 USDT và cược hợp lệ 200 USDT.' },
      id_ID: { title: 'Undang teman', summary: '5 USDT untuk setiap teman yang diundang yang deposit 50 USDT dan bertaruh 200 USDT.' },
      th_TH: { title: 'ชวนเพื่อน', summary: 'รับ 5 USDT ต่อเพื่อนที่ชวนมาซึ่งฝาก 50 USDT และเดิมพันที่นับได้ 200 USDT' },
      ar_EG: { title: 'ادعُ أصدقاءك', summary: '5 USDT عن كل صديق مدعو يودع 50 USDT ويراهن بـ 200 USDT.' },
    },
  },
];

/** When the defaults start: the epoch, so they are open at once. */
export const DEFAULTS_START = new Date(0);

/**
 * A new activity of the seed's type: its default rules and place in the list, enabled from `startAt`
 * with no end, no limits and no deposit asked, paid in USDT.
 */
export function newActivityValues(seed: ActivityDefault, texts: unknown, startAt: Date): ActivityValues {
  return {
    type: seed.type,
    texts,
    image_url: null,
    sort: seed.sort,
    start_at: startAt,
    end_at: null,
    currency: 'USDT',
    rules: seed.rules,
    wagering_multiplier: null,
    per_player_limit: null,
    budget_cap: null,
    requires_recharge: false,
    enabled: true,
  };
}
