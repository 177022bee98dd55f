// whistd: the whist server daemon.
#include <spdlog/spdlog.h>

#include <cstdio>
#include <exception>

#include "server/config.hpp"
#include "server/log_sink.hpp"
#include "server/server.hpp"
#include "storage/backup.hpp"
#include "storage/sql_database.hpp"

int main(int argc, char** argv) {
  using namespace whist::server;
  auto parsed = parse_config(argc, argv);
  if (auto* err = std::get_if<std::string>(&parsed)) {
    std::fprintf(stderr, "whistd: %s\n", err->c_str());
    return 2;
  }
  auto& p = std::get<ParsedConfig>(parsed);
  if (p.exit_now) {
    std::fputs(p.output.c_str(), stdout);
    return 0;
  }
  if (!p.backup_to.empty()) {
    if (whist::storage::is_postgres_uri(p.config.database)) {
      std::fprintf(stderr,
                   "whistd: --backup-to copies a SQLite file; back up PostgreSQL with pg_dump "
                   "(docs/operations.md#backups)\n");
      return 2;
    }
    // An online backup: safe while a whistd serves the same database.
    try {
      const auto r = whist::storage::backup_database(p.config.database, p.backup_to);
      std::printf("backed up %s to %s: %lld pages, %lld bytes, schema version %d, checked\n",
                  p.config.database.c_str(), p.backup_to.c_str(), static_cast<long long>(r.pages),
                  static_cast<long long>(r.bytes), r.schema_version);
      return 0;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "whistd: backup failed: %s\n", e.what());
      return 1;
    }
  }
  try {
    auto reopen_log = setup_logging(p.config.log_file, p.config.log_level);
    Server server(p.config, reopen_log);
    server.run();
  } catch (const std::exception& e) {
    spdlog::critical("{}", e.what());
    if (!p.config.log_file.empty()) std::fprintf(stderr, "whistd: %s\n", e.what());
    return 1;
  }
  return 0;
}
