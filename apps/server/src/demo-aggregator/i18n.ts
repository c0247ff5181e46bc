/** The languages the pages speak; anything else gets English. */
export const LANGUAGES = ['en_US', 'zh_CN', 'zh_TW', 'pt_BR', 'vi_VN', 'id_ID', 'th_TH', 'ar_EG'] as const;
export type Language = (typeof LANGUAGES)[number];

const KEYS = [
  'balance', 'stake', 'play', 'spin', 'launch', 'drop', 'target', 'risk', 'low', 'medium', 'high',
  'win', 'noWin', 'notEnough', 'cancelled', 'expired', 'refused', 'network', 'lobby', 'crashed', 'cashedOut',
  'caught', 'missed', 'tapFish', 'pending', 'lines', 'higher', 'lower', 'sameLoses',
] as const;
export type StringKey = (typeof KEYS)[number];

const TABLE: Record<Language, Record<StringKey, string>> = {
  en_US: {
    balance: 'Balance', stake: 'Stake', play: 'Play', spin: 'Spin', launch: 'Launch', drop: 'Drop ball',
    target: 'Auto cash-out', risk: 'Risk', low: 'Low', medium: 'Medium', high: 'High',
    win: 'You win {amount}', noWin: 'No win this time', notEnough: 'Not enough money',
    cancelled: 'Round cancelled: your stake was returned', expired: 'Session ended: open the game again from the lobby',
    refused: 'The bet was refused', network: 'Connection problem, please try again', lobby: 'Lobby',
    crashed: 'Crashed at {x}', cashedOut: 'Cashed out at {x}', caught: 'Caught! {amount}', missed: 'Missed',
    tapFish: 'Tap a fish to shoot', pending: 'Your win is being credited', lines: '5 lines',
    higher: 'Higher', lower: 'Lower', sameLoses: 'Ace is low; the same rank loses',
  },
  zh_CN: {
    balance: '余额', stake: '投注', play: '开始', spin: '旋转', launch: '起飞', drop: '投球',
    target: '自动兑现', risk: '风险', low: '低', medium: '中', high: '高',
    win: '赢得 {amount}', noWin: '本局未中奖', notEnough: '余额不足',
    cancelled: '本局已取消，投注已退回', expired: '会话已结束，请从大厅重新进入游戏',
    refused: '投注被拒绝', network: '网络异常，请重试', lobby: '大厅',
    crashed: '在 {x} 爆炸', cashedOut: '已在 {x} 兑现', caught: '捕获！{amount}', missed: '未命中',
    tapFish: '点击鱼进行射击', pending: '奖金正在入账', lines: '5 条线',
    higher: '更大', lower: '更小', sameLoses: 'A 为最小；点数相同算输',
  },
  zh_TW: {
    balance: '餘額', stake: '投注', play: '開始', spin: '旋轉', launch: '起飛', drop: '投球',
    target: '自動兌現', risk: '風險', low: '低', medium: '中', high: '高',
    win: '贏得 {amount}', noWin: '本局未中獎', notEnough: '餘額不足',
    cancelled: '本局已取消，投注已退回', expired: '連線已結束，請從大廳重新進入遊戲',
    refused: '投注被拒絕', network: '網路異常，請重試', lobby: '大廳',
    crashed: '在 {x} 爆炸', cashedOut: '已在 {x} 兌現', caught: '捕獲！{amount}', missed: '未命中',
    tapFish: '點擊魚進行射擊', pending: '獎金正在入帳', lines: '5 條線',
    higher: '更大', lower: '更小', sameLoses: 'A 為最小；點數相同算輸',
  },
  pt_BR: {
    balance: 'Saldo', stake: 'Aposta', play: 'Jogar', spin: 'Girar', launch: 'Decolar', drop: 'Soltar bola',
    target: 'Saque automático', risk: 'Risco', low: 'Baixo', medium: 'Médio', high: 'Alto',
    win: 'Você ganhou {amount}', noWin: 'Sem prêmio desta vez', notEnough: 'Saldo insuficiente',
    cancelled: 'Rodada cancelada: sua aposta foi devolvida', expired: 'Sessão encerrada: abra o jogo novamente no lobby',
    refused: 'A aposta foi recusada', network: 'Problema de conexão, tente novamente', lobby: 'Lobby',
    crashed: 'Explodiu em {x}', cashedOut: 'Sacou em {x}', caught: 'Pegou! {amount}', missed: 'Errou',
    tapFish: 'Toque em um peixe para atirar', pending: 'Seu prêmio está sendo creditado', lines: '5 linhas',
    higher: 'Maior', lower: 'Menor', sameLoses: 'Ás é a menor; mesma carta perde',
  },
  vi_VN: {
    balance: 'Số dư', stake: 'Mức cược', play: 'Chơi', spin: 'Quay', launch: 'Phóng', drop: 'Thả bóng',
    target: 'Tự động rút', risk: 'Rủi ro', low: 'Thấp', medium: 'Vừa', high: 'Cao',
    win: 'Bạn thắng {amount}', noWin: 'Lần này không trúng', notEnough: 'Không đủ tiền',
    cancelled: 'Ván đã hủy: tiền cược đã được hoàn lại', expired: 'Phiên đã kết thúc: hãy mở lại trò chơi từ sảnh',
    refused: 'Cược bị từ chối', network: 'Lỗi kết nối, vui lòng thử lại', lobby: 'Sảnh',
    crashed: 'Nổ ở {x}', cashedOut: 'Đã rút ở {x}', caught: 'Bắt được! {amount}', missed: 'Trượt',
    tapFish: 'Chạm vào cá để bắn', pending: 'Tiền thắng đang được cộng', lines: '5 đường',
    higher: 'Cao hơn', lower: 'Thấp hơn', sameLoses: 'Át là nhỏ nhất; cùng điểm là thua',
  },
  id_ID: {
    balance: 'Saldo', stake: 'Taruhan', play: 'Main', spin: 'Putar', launch: 'Luncurkan', drop: 'Jatuhkan bola',
    target: 'Tarik otomatis', risk: 'Risiko', low: 'Rendah', medium: 'Sedang', high: 'Tinggi',
    win: 'Anda menang {amount}', noWin: 'Belum menang kali ini', notEnough: 'Saldo tidak cukup',
    cancelled: 'Ronde dibatalkan: taruhan Anda dikembalikan', expired: 'Sesi berakhir: buka lagi game dari lobi',
    refused: 'Taruhan ditolak', network: 'Masalah koneksi, silakan coba lagi', lobby: 'Lobi',
    crashed: 'Meledak di {x}', cashedOut: 'Ditarik di {x}', caught: 'Tertangkap! {amount}', missed: 'Meleset',
    tapFish: 'Ketuk ikan untuk menembak', pending: 'Kemenangan Anda sedang dikreditkan', lines: '5 garis',
    higher: 'Lebih tinggi', lower: 'Lebih rendah', sameLoses: 'As terendah; nilai sama kalah',
  },
  th_TH: {
    balance: 'ยอดเงิน', stake: 'เดิมพัน', play: 'เล่น', spin: 'หมุน', launch: 'ปล่อยจรวด', drop: 'ปล่อยลูกบอล',
    target: 'ถอนอัตโนมัติ', risk: 'ความเสี่ยง', low: 'ต่ำ', medium: 'กลาง', high: 'สูง',
    win: 'คุณชนะ {amount}', noWin: 'รอบนี้ไม่ได้รางวัล', notEnough: 'ยอดเงินไม่พอ',
    cancelled: 'ยกเลิกรอบนี้แล้ว คืนเงินเดิมพันแล้ว', expired: 'เซสชันสิ้นสุด กรุณาเปิดเกมใหม่จากล็อบบี้',
    refused: 'การเดิมพันถูกปฏิเสธ', network: 'การเชื่อมต่อมีปัญหา กรุณาลองใหม่', lobby: 'ล็อบบี้',
    crashed: 'ระเบิดที่ {x}', cashedOut: 'ถอนที่ {x}', caught: 'จับได้! {amount}', missed: 'พลาด',
    tapFish: 'แตะปลาเพื่อยิง', pending: 'กำลังเติมเงินรางวัลของคุณ', lines: '5 ไลน์',
    higher: 'สูงกว่า', lower: 'ต่ำกว่า', sameLoses: 'เอซต่ำสุด แต้มเท่ากันถือว่าแพ้',
  },
  ar_EG: {
    balance: 'الرصيد', stake: 'الرهان', play: 'العب', spin: 'دوّر', launch: 'انطلاق', drop: 'أسقط الكرة',
    target: 'سحب تلقائي', risk: 'المخاطرة', low: 'منخفضة', medium: 'متوسطة', high: 'عالية',
    win: 'ربحت {amount}', noWin: 'لا ربح هذه المرة', notEnough: 'الرصيد غير كافٍ',
    cancelled: 'أُلغيت الجولة وأُعيد رهانك', expired: 'انتهت الجلسة: افتح اللعبة من جديد من الردهة',
    refused: 'رُفض الرهان', network: 'مشكلة في الاتصال، حاول مرة أخرى', lobby: 'الردهة',
    crashed: 'انفجر عند {x}', cashedOut: 'سُحب عند {x}', caught: 'اصطدت! {amount}', missed: 'أخطأت',
    tapFish: 'اضغط على سمكة لإطلاق النار', pending: 'جارٍ إضافة ربحك', lines: '5 خطوط',
    higher: 'أعلى', lower: 'أدنى', sameLoses: 'الآص هو الأدنى؛ الرتبة نفسها تخسر',
  },
};

/** The page language for a `lang` as operators send it (`en_US`, `en-us`, `pt`, `zh_TW`, ...). */
export function pageLanguage(lang: unknown): Language {
  if (typeof lang !== 'string') return 'en_US';
  const normal = lang.replace('-', '_').toLowerCase();
  const exact = LANGUAGES.find((l) => l.toLowerCase() === normal);
  if (exact) return exact;
  if (/^zh_(tw|hk|mo|hant)/.test(normal)) return 'zh_TW';
  const prefix = normal.slice(0, 2);
  return LANGUAGES.find((l) => l.slice(0, 2).toLowerCase() === prefix) ?? 'en_US';
}

export function strings(language: Language): Record<StringKey, string> {
  return TABLE[language];
}

export function isRightToLeft(language: Language): boolean {
  return language === 'ar_EG';
}
