/**
 * The reviews of the testimonials carousel (spec §1: masked name, flag,
 * rating 5, quote in Indonesian, English and Vietnamese). Quotes are shown
 * as their authors wrote them, in their language (`lang`), in every locale.
 */
interface Testimonial {
  name: string;
  country: "id" | "ph" | "vn";
  rating: number;
  lang: string;
  text: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: "Siti N*** R",
    country: "id",
    rating: 5,
    lang: "id",
    text: "Saya kira orang asing susah dapat pinjaman di Korea. Konsultannya menjelaskan semuanya dalam bahasa Indonesia, dan tiga hari kemudian pinjaman saya disetujui. Terima kasih banyak!",
  },
  {
    name: "Maria C*** S",
    country: "ph",
    rating: 5,
    lang: "en",
    text: "Clear answers, no hidden fees, and they called me back the same day. I finally understood my loan before I signed anything. I recommend them to all my friends here.",
  },
  {
    name: "Nguyen V*** A",
    country: "vn",
    rating: 5,
    lang: "vi",
    text: "Nhân viên tư vấn rất nhiệt tình, giải thích rõ lãi suất và cách trả nợ bằng tiếng Việt. Hồ sơ đơn giản, tôi nhận được khoản vay nhanh hơn tôi nghĩ.",
  },
];
