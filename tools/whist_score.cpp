// whist-score: ranks the pairs of a duplicate event from its results
// (docs/events.md#whist-score).
//   whist-score RESULTS.json   (or - for standard input)
// Exit 0 with the standings as one JSON document on standard output; 2 with
// a one-line message on standard error for an unreadable or malformed file.
#include <fstream>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "event/scoring.hpp"
#include "protocol/event_json.hpp"

namespace {

int fail(const std::string& why) {
  std::cerr << "whist-score: " << why << "\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace whist;
  if (argc == 2 && (std::string(argv[1]) == "--help" || std::string(argv[1]) == "-h")) {
    std::cout << "usage: whist-score RESULTS.json\n"
                 "Ranks a duplicate event's pairs from its results (- reads standard input)\n"
                 "and prints the standings as JSON (docs/events.md).\n";
    return 0;
  }
  if (argc != 2) return fail("usage: whist-score RESULTS.json");
  std::string text;
  const std::string path = argv[1];
  if (path == "-") {
    text.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
  } else {
    std::ifstream in(path, std::ios::binary);
    if (!in) return fail("cannot read " + path);
    std::ostringstream ss;
    ss << in.rdbuf();
    text = ss.str();
  }
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded()) return fail(path + " is not JSON");
  auto input = protocol::parse_score_input(j);
  if (auto* why = std::get_if<std::string>(&input)) return fail(*why);
  const auto& in = std::get<event::ScoreInput>(input);
  auto standings = event::score_event(in);
  if (auto* why = std::get_if<std::string>(&standings)) return fail(*why);
  std::cout << protocol::standings_json(std::get<event::Standings>(standings), in.movement,
                                        in.scoring)
                   .dump()
            << "\n";
  return 0;
}
