// The error catalogue: one distinct code and a message for each error, the
// detail after the message, and docs/protocol.md's table of error codes
// listing exactly the catalogue's codes and the engine's, both ways.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "protocol/errors.hpp"
#include "protocol/messages.hpp"

using namespace whist;
using namespace whist::protocol;

namespace {

// The codes named in the first column of docs/protocol.md's "Error codes"
// table.
std::set<std::string> documented_codes() {
  std::ifstream in(std::string(WHIST_DOCS_DIR) + "/protocol.md");
  REQUIRE(in);
  std::set<std::string> codes;
  std::string line;
  bool in_section = false;
  const std::regex code(R"(`([a-z_]+)`)");
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) in_section = line == "## Error codes";
    if (!in_section || line.rfind("| `", 0) != 0) continue;
    const std::string first = line.substr(1, line.find('|', 1) - 1);
    for (std::sregex_iterator it(first.begin(), first.end(), code), end; it != end; ++it)
      codes.insert((*it)[1].str());
  }
  return codes;
}

// The catalogue's codes and the engine's rule errors.
std::set<std::string> catalogue_codes() {
  std::set<std::string> codes;
  for (const Error e : all_errors()) codes.insert(std::string(error_code(e)));
  for (int e = 1; e <= static_cast<int>(RuleError::kBadUndo); ++e)
    codes.insert(std::string(whist::error_code(static_cast<RuleError>(e))));
  return codes;
}

}  // namespace

TEST_CASE("each error has one distinct code and a message", "[errors]") {
  std::set<std::string_view> codes;
  for (const Error e : all_errors()) {
    CHECK_FALSE(error_code(e).empty());
    CHECK(error_message(e).size() >= 6);
    CHECK(codes.insert(error_code(e)).second);
    CHECK(error_from_code(error_code(e)) == e);
  }
  CHECK(codes.size() == all_errors().size());
  CHECK_FALSE(error_from_code("must_follow_suit"));  // the engine's
  CHECK(error_code(Error::kNotSeated) == "not_seated");
}

TEST_CASE("docs/protocol.md lists exactly the catalogue's error codes", "[errors]") {
  const auto documented = documented_codes();
  const auto catalogue = catalogue_codes();
  for (const auto& c : catalogue) {
    INFO(c << " is in the catalogue");
    CHECK(documented.count(c));
  }
  for (const auto& c : documented) {
    INFO(c << " is in docs/protocol.md");
    CHECK(catalogue.count(c));
  }
}

TEST_CASE("an error's message is the catalogue's, with the detail after it", "[errors]") {
  CHECK(ErrorReply(Error::kNotSeated).message == "you are not seated at this table");
  CHECK(ErrorReply(Error::kNotSeated, "sit or watch first").message ==
        "you are not seated at this table: sit or watch first");
  CHECK(ErrorReply(RuleError::kNotYourTurn, "suggestions are for your own turn").code ==
        "not_your_turn");
  const auto text = error_message(R"("q")", {Error::kRateLimited, "x \"y\""}, 3);
  const auto j = nlohmann::json::parse(text);
  CHECK(j == nlohmann::json{{"t", "error"},
                            {"id", "q"},
                            {"d",
                             {{"code", "rate_limited"},
                              {"message", "too many messages; slow down: x \"y\""},
                              {"retry_after", 3}}}});
  CHECK(text == j.dump());  // the keys in dump()'s order
  CHECK(error_message("", Error::kBadJson) ==
        R"({"d":{"code":"bad_json","message":"the message is not valid JSON"},"t":"error"})");
}
