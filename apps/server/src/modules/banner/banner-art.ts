import type { Language } from '@lobby/contract';

/**
 * The lobby's starting banners: what each says in the eight languages and where it leads. The
 * pictures are rendered from these words by `art/render-banners.ts` into `art/<design>-<language>.jpg`
 * (text in pictures cannot use the app's fonts, so every language has its own picture), and written
 * into the media store and the banners table on the first start with no banner at all.
 */
export interface BannerDesign {
  key: 'vip' | 'rebate' | 'fair';
  link: string;
  sort: number;
  /** Two colours of the background, start and end of its gradient. */
  tones: [string, string];
  words: Record<Language, { title: string; line: string; action: string }>;
}

export const BANNER_DESIGNS: readonly BannerDesign[] = [
  {
    key: 'vip',
    link: '/vip',
    sort: 10,
    tones: ['#7c5cff', '#2d1f7a'],
    words: {
      zh_CN: { title: 'VIP 俱乐部', line: '每次升级领礼金，每月再领月礼金', action: '查看等级' },
      zh_TW: { title: 'VIP 俱樂部', line: '每次升級領禮金，每月再領月禮金', action: '查看等級' },
      en_US: { title: 'VIP Club', line: 'A gift at every level-up, and another every month', action: 'See levels' },
      pt_BR: { title: 'Clube VIP', line: 'Um presente a cada nível e outro todo mês', action: 'Ver níveis' },
      vi_VN: { title: 'Câu lạc bộ VIP', line: 'Quà mỗi lần lên cấp và quà mỗi tháng', action: 'Xem cấp độ' },
      id_ID: { title: 'Klub VIP', line: 'Hadiah di setiap naik level, dan lagi tiap bulan', action: 'Lihat level' },
      th_TH: { title: 'วีไอพีคลับ', line: 'รับของขวัญทุกครั้งที่เลื่อนระดับ และทุกเดือน', action: 'ดูระดับ' },
      ar_EG: { title: 'نادي VIP', line: 'هدية مع كل ترقية، وهدية أخرى كل شهر', action: 'عرض المستويات' },
    },
  },
  {
    key: 'rebate',
    link: '/newFanshui',
    sort: 20,
    tones: ['#19c2a0', '#1769aa'],
    words: {
      zh_CN: { title: '投注即返水', line: '每一注都累积返水，随时领取 USDT 或 TRX', action: '领取返水' },
      zh_TW: { title: '投注即返水', line: '每一注都累積返水，隨時領取 USDT 或 TRX', action: '領取返水' },
      en_US: { title: 'Rebate on every bet', line: 'Every bet adds to your rebate; claim it any time in USDT or TRX', action: 'Claim rebate' },
      pt_BR: { title: 'Rebate em cada aposta', line: 'Cada aposta soma ao seu rebate; resgate em USDT ou TRX', action: 'Resgatar' },
      vi_VN: { title: 'Hoàn trả mọi cược', line: 'Mỗi cược đều tích hoàn trả, nhận bất cứ lúc nào bằng USDT hoặc TRX', action: 'Nhận hoàn trả' },
      id_ID: { title: 'Rabat setiap taruhan', line: 'Setiap taruhan menambah rabat, klaim kapan saja dalam USDT atau TRX', action: 'Klaim rabat' },
      th_TH: { title: 'คืนยอดทุกการเดิมพัน', line: 'ทุกเดิมพันสะสมยอดคืน รับได้ทุกเวลาเป็น USDT หรือ TRX', action: 'รับยอดคืน' },
      ar_EG: { title: 'استرداد على كل رهان', line: 'كل رهان يزيد استردادك، اطلبه في أي وقت بعملة USDT أو TRX', action: 'اطلب الاسترداد' },
    },
  },
  {
    key: 'fair',
    link: '/hashGame/verify',
    sort: 30,
    tones: ['#f7a600', '#c0174a'],
    words: {
      zh_CN: { title: '哈希游戏 公平可验', line: '每局结果由 TRON 区块哈希决定，人人可查', action: '验证结果' },
      zh_TW: { title: '哈希遊戲 公平可驗', line: '每局結果由 TRON 區塊雜湊決定，人人可查', action: '驗證結果' },
      en_US: { title: 'Provably fair hash games', line: 'Every result is decided by a TRON block hash anyone can check', action: 'Verify a result' },
      pt_BR: { title: 'Jogos hash comprovadamente justos', line: 'Cada resultado vem de um hash de bloco TRON que qualquer um confere', action: 'Verificar' },
      vi_VN: { title: 'Trò chơi hash minh bạch', line: 'Mỗi kết quả do hash khối TRON quyết định, ai cũng kiểm tra được', action: 'Kiểm tra' },
      id_ID: { title: 'Game hash yang terbukti adil', line: 'Setiap hasil ditentukan hash blok TRON yang bisa dicek siapa saja', action: 'Verifikasi' },
      th_TH: { title: 'เกมแฮชที่พิสูจน์ได้ว่ายุติธรรม', line: 'ทุกผลตัดสินด้วยแฮชบล็อก TRON ที่ใครก็ตรวจสอบได้', action: 'ตรวจสอบผล' },
      ar_EG: { title: 'ألعاب هاش عادلة يمكن إثباتها', line: 'كل نتيجة يحددها هاش كتلة على TRON يمكن لأي أحد التحقق منه', action: 'تحقق من نتيجة' },
    },
  },
];

/** The picture of one design in one language, relative to this directory. */
export function bannerArtFile(design: BannerDesign['key'], language: Language): string {
  return `art/${design}-${language}.jpg`;
}
