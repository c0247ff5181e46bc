import { BonusRecordType, type Language } from '@lobby/contract';
import type { BonusRecordTypeCode } from './bonus.service.ts';

type Titles = Record<Language, string>;

/** What a bonus record is called in each language, by its type. */
export const BONUS_TITLES: Record<BonusRecordTypeCode, Titles> = {
  [BonusRecordType.SIGN_IN]: {
    zh_CN: '签到奖励', zh_TW: '簽到獎勵', en_US: 'Sign-in bonus', pt_BR: 'Bônus de check-in', vi_VN: 'Thưởng điểm danh',
    id_ID: 'Bonus absen harian', th_TH: 'โบนัสเช็คอิน', ar_EG: 'مكافأة تسجيل الحضور',
  },
  [BonusRecordType.FIRST_RECHARGE]: {
    zh_CN: '首充奖励', zh_TW: '首儲獎勵', en_US: 'First deposit bonus', pt_BR: 'Bônus de primeiro depósito', vi_VN: 'Thưởng nạp lần đầu',
    id_ID: 'Bonus deposit pertama', th_TH: 'โบนัสฝากครั้งแรก', ar_EG: 'مكافأة الإيداع الأول',
  },
  [BonusRecordType.INVITATION]: {
    zh_CN: '邀请奖励', zh_TW: '邀請獎勵', en_US: 'Invitation bonus', pt_BR: 'Bônus de convite', vi_VN: 'Thưởng mời bạn',
    id_ID: 'Bonus undangan', th_TH: 'โบนัสเชิญเพื่อน', ar_EG: 'مكافأة الدعوة',
  },
  [BonusRecordType.BETTING_REBATE]: {
    zh_CN: '投注返利活动', zh_TW: '投注返利活動', en_US: 'Betting rebate bonus', pt_BR: 'Bônus de reembolso de apostas', vi_VN: 'Thưởng hoàn trả cược',
    id_ID: 'Bonus rabat taruhan', th_TH: 'โบนัสคืนยอดเดิมพัน', ar_EG: 'مكافأة استرداد الرهانات',
  },
  [BonusRecordType.HASH_TASK]: {
    zh_CN: '哈希任务奖励', zh_TW: '哈希任務獎勵', en_US: 'Hash task bonus', pt_BR: 'Bônus de tarefa hash', vi_VN: 'Thưởng nhiệm vụ hash',
    id_ID: 'Bonus tugas hash', th_TH: 'โบนัสภารกิจ hash', ar_EG: 'مكافأة مهمة hash',
  },
  [BonusRecordType.REGISTER_REWARD]: {
    zh_CN: '注册奖励', zh_TW: '註冊獎勵', en_US: 'Registration bonus', pt_BR: 'Bônus de cadastro', vi_VN: 'Thưởng đăng ký',
    id_ID: 'Bonus pendaftaran', th_TH: 'โบนัสสมัครสมาชิก', ar_EG: 'مكافأة التسجيل',
  },
  [BonusRecordType.LOSS_REBATE]: {
    zh_CN: '亏损返利', zh_TW: '虧損返利', en_US: 'Loss rebate', pt_BR: 'Reembolso de perdas', vi_VN: 'Hoàn trả thua cược',
    id_ID: 'Rabat kekalahan', th_TH: 'เงินคืนยอดเสีย', ar_EG: 'استرداد الخسائر',
  },
  [BonusRecordType.VIP_LEVEL_GIFT]: {
    zh_CN: 'VIP 晋级礼金', zh_TW: 'VIP 晉級禮金', en_US: 'VIP level-up gift', pt_BR: 'Presente de subida de nível VIP', vi_VN: 'Quà thăng cấp VIP',
    id_ID: 'Hadiah naik level VIP', th_TH: 'ของขวัญเลื่อนระดับ VIP', ar_EG: 'هدية ترقية مستوى VIP',
  },
  [BonusRecordType.VIP_MONTH_GIFT]: {
    zh_CN: 'VIP 每月礼金', zh_TW: 'VIP 每月禮金', en_US: 'VIP monthly gift', pt_BR: 'Presente mensal VIP', vi_VN: 'Quà hằng tháng VIP',
    id_ID: 'Hadiah bulanan VIP', th_TH: 'ของขวัญประจำเดือน VIP', ar_EG: 'هدية VIP الشهرية',
  },
  [BonusRecordType.REBATE]: {
    zh_CN: '返水', zh_TW: '返水', en_US: 'Rebate', pt_BR: 'Reembolso', vi_VN: 'Hoàn trả',
    id_ID: 'Rabat', th_TH: 'เงินคืน', ar_EG: 'استرداد نقدي',
  },
  [BonusRecordType.REFERRAL_COMMISSION]: {
    zh_CN: '推广佣金', zh_TW: '推廣佣金', en_US: 'Referral commission', pt_BR: 'Comissão de indicação', vi_VN: 'Hoa hồng giới thiệu',
    id_ID: 'Komisi referal', th_TH: 'ค่าคอมมิชชั่นแนะนำ', ar_EG: 'عمولة الإحالة',
  },
};

export function bonusTitle(type: number, language: Language): string {
  return (BONUS_TITLES as Record<number, Titles>)[type]?.[language] ?? String(type);
}
