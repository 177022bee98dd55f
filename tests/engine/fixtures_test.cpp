// Game records replayed through the library exactly as whist-replay does,
// each against its expected result: the project's own under tests/records
// (tests/records/README.md), and the shared ones under
// ../shared/fixtures/records (WHIST_SHARED_DIR) when that folder is there.
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <set>
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

// Replays every NAME.json of a folder against NAME.expected.json: for exit
// 0 each deal's tricks and score, the scores, game_over and winner; for
// exit 1 the index and code of the first illegal action; for exit 2 the
// status. Returns how many records were checked.
int check_folder(const fs::path& dir) {
  std::set<fs::path> records;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (entry.path().extension() == ".json" && !name.ends_with(".expected.json"))
      records.insert(entry.path());
  }
  int checked = 0;
  for (const fs::path& record : records) {
    fs::path expected_path = record;
    expected_path.replace_extension(".expected.json");
    const json expected = json::parse(slurp(expected_path));
    const auto out = run(slurp(record));
    const json got = json::parse(out.json);
    INFO(record.filename().string() << ": " << out.json);
    REQUIRE(out.exit_status == expected["exit"].get<int>());
    const json& want = expected["output"];
    if (out.exit_status == 0) {
      REQUIRE(got["hands"].size() == want["hands"].size());
      for (size_t i = 0; i < want["hands"].size(); ++i) {
        CHECK(got["hands"][i]["tricks"] == want["hands"][i]["tricks"]);
        CHECK(got["hands"][i]["score"] == want["hands"][i]["score"]);
        CHECK(got["hands"][i].value("game", -1) == want["hands"][i].value("game", -1));
      }
      // A classic rubber: its games and points.
      for (const char* key : {"games", "rubber_points"})
        if (want.contains(key)) CHECK(got[key] == want[key]);
      CHECK(got["scores"] == want["scores"]);
      CHECK(got["game_over"] == want["game_over"]);
      CHECK(got["winner"] == want["winner"]);
    } else if (out.exit_status == 1) {
      CHECK(got["error"]["index"] == want["error"]["index"]);
      CHECK(got["error"]["code"] == want["error"]["code"]);
    } else {
      CHECK(got["error"]["code"] == "bad_record");
    }
    ++checked;
  }
  return checked;
}

}  // namespace

TEST_CASE("every record of tests/records replays to its expected result", "[fixtures]") {
  const fs::path dir = WHIST_RECORDS_DIR;
  REQUIRE(fs::is_directory(dir));
  CHECK(check_folder(dir) >= 250);
}

TEST_CASE("every shared record replays to its expected result, when they are there", "[fixtures]") {
  const fs::path dir = WHIST_SHARED_RECORDS_DIR;
  if (!fs::is_directory(dir)) {
    std::cout << dir.string() << " not found: the project's own records only\n";
    SUCCEED();
    return;
  }
  CHECK(check_folder(dir) >= 60);
}
