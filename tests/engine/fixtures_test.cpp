// Every public record under shared/fixtures/records, replayed through the
// library exactly as whist-replay does, against its expected result.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "protocol/record_json.hpp"

using namespace whist;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

protocol::ReplayOutput run(const std::string& text) {
  auto parsed = protocol::parse_record(text);
  if (auto* why = std::get_if<std::string>(&parsed)) return protocol::malformed_output(*why);
  return protocol::replay_output(replay(std::get<GameRecord>(parsed)));
}

}  // namespace

TEST_CASE("every public fixture replays to its expected result", "[fixtures]") {
  const fs::path dir = WHIST_FIXTURES_DIR;
  REQUIRE(fs::is_directory(dir));
  int checked = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() != ".json" || name.ends_with(".expected.json")) continue;
    fs::path expected_path = entry.path();
    expected_path.replace_extension(".expected.json");
    const json expected = json::parse(slurp(expected_path));
    const auto out = run(slurp(entry.path()));
    const json got = json::parse(out.json);
    INFO(name << ": " << out.json);
    REQUIRE(out.exit_status == expected["exit"].get<int>());
    const json& want = expected["output"];
    if (out.exit_status == 0) {
      REQUIRE(got["hands"].size() == want["hands"].size());
      for (size_t i = 0; i < want["hands"].size(); ++i) {
        CHECK(got["hands"][i]["tricks"] == want["hands"][i]["tricks"]);
        CHECK(got["hands"][i]["score"] == want["hands"][i]["score"]);
      }
      CHECK(got["scores"] == want["scores"]);
      CHECK(got["game_over"] == want["game_over"]);
      CHECK(got["winner"] == want["winner"]);
    } else if (out.exit_status == 1) {
      CHECK(got["error"]["index"] == want["error"]["index"]);
      // Our codes agree with the public examples' too.
      CHECK(got["error"]["code"] == want["error"]["code"]);
    } else {
      CHECK(got["error"]["code"] == "bad_record");
    }
    ++checked;
  }
  CHECK(checked >= 60);
}
