// The database of whistd (see sql_database.hpp): the connection, the
// migrations (schema.cpp, postgres_schema.cpp) and the transactions; the
// stores are sql_stores.hpp's, the engines' connections sql.hpp's.
#include "storage/sql_database.hpp"

#include "storage/sql.hpp"
#include "storage/sql_stores.hpp"

namespace whist::storage {

namespace {

using detail::Statement;

void run_cached(detail::Connection* db, std::unique_ptr<Statement>& cached, const char* sql,
                const char* what) {
  if (!cached) cached = std::make_unique<Statement>(db, sql, what);
  cached->reset();
  try {
    cached->run();
  } catch (...) {
    cached->reset();
    throw;
  }
  cached->reset();
}

}  // namespace

SqlDatabase::SqlDatabase(std::unique_ptr<detail::Connection> connection)
    : db_(std::move(connection)) {
  if (db_->dialect() == detail::Dialect::kPostgres)
    detail::migrate_postgres(db_.get());
  else
    detail::migrate_sqlite(db_.get());
  stores_ = std::make_unique<detail::SqlStores>(db_.get());
  // A rollback may undo rows the action log's entries name.
  db_->on_rollback([this] { stores_->games.forget_action_log(); });
}

SqlDatabase::~SqlDatabase() {
  // Statements first: the connection closes only once they are finalized.
  db_->on_rollback(nullptr);
  stores_.reset();
  begin_st_.reset();
  commit_st_.reset();
}

SqliteDatabase::SqliteDatabase(const std::string& path) : SqlDatabase(detail::open_sqlite(path)) {}

PostgresDatabase::PostgresDatabase(const std::string& uri)
    : SqlDatabase(detail::open_postgres(uri)) {}

bool is_postgres_uri(const std::string& where) {
  return where.rfind("postgresql://", 0) == 0 || where.rfind("postgres://", 0) == 0;
}

std::string redacted(const std::string& where) {
  if (!is_postgres_uri(where)) return where;
  std::string out = where;
  // user:password@host
  const std::size_t scheme = out.find("://") + 3;
  const std::size_t at = out.find('@', scheme);
  const std::size_t slash = out.find('/', scheme);
  if (at != std::string::npos && (slash == std::string::npos || at < slash)) {
    const std::size_t colon = out.find(':', scheme);
    if (colon != std::string::npos && colon < at) out.replace(colon + 1, at - colon - 1, "***");
  }
  // ?password=...&
  for (std::size_t p = out.find("password="); p != std::string::npos;
       p = out.find("password=", p + 1)) {
    const std::size_t start = p + 9;
    const std::size_t end = out.find('&', start);
    out.replace(start, (end == std::string::npos ? out.size() : end) - start, "***");
  }
  return out;
}

SqlDatabase::SqlDatabase(const std::string& where)
    : SqlDatabase(is_postgres_uri(where) ? detail::open_postgres(where)
                                         : detail::open_sqlite(where)) {}

bool SqlDatabase::postgres() const { return db_->dialect() == detail::Dialect::kPostgres; }

AccountStore& SqlDatabase::accounts() { return stores_->accounts; }
TableStore& SqlDatabase::tables() { return stores_->tables; }
GameStore& SqlDatabase::games() { return stores_->games; }
LedgerStore& SqlDatabase::ledger() { return stores_->ledger; }
FriendStore& SqlDatabase::friends() { return stores_->friends; }
ResultStore& SqlDatabase::results() { return stores_->results; }
AdminStore& SqlDatabase::admin() { return stores_->admin; }
RatingStore& SqlDatabase::ratings() { return stores_->ratings; }
SafetyStore& SqlDatabase::safety() { return stores_->safety; }
EventStore& SqlDatabase::events() { return stores_->events; }
LeaseStore& SqlDatabase::leases() { return stores_->leases; }

int SqlDatabase::schema_version() const {
  return postgres() ? detail::postgres_schema_version(db_.get())
                    : detail::sqlite_schema_version(db_.get());
}

void SqlDatabase::exec(const std::string& sql) { db_->exec(sql.c_str(), "exec"); }

void SqlDatabase::set_action_log_span(std::int64_t rows) {
  stores_->games.set_action_log_span(rows);
}

bool SqlDatabase::in_transaction() const { return db_->in_transaction(); }

void SqlDatabase::begin() { run_cached(db_.get(), begin_st_, db_->begin_write_sql(), "begin"); }

void SqlDatabase::commit() { run_cached(db_.get(), commit_st_, "COMMIT", "commit"); }

void SqlDatabase::rollback() { db_->exec("ROLLBACK", "rollback"); }

void SqlDatabase::begin_unit() {
  const bool nested = in_transaction();
  db_->exec(nested ? "SAVEPOINT whist_unit" : db_->begin_write_sql(), "begin_unit");
  units_.push_back(nested);
}

void SqlDatabase::commit_unit() {
  if (units_.empty()) throw StorageError("commit_unit: no unit is open");
  const bool nested = units_.back();
  units_.pop_back();
  db_->exec(nested ? "RELEASE whist_unit" : "COMMIT", "commit_unit");
}

void SqlDatabase::rollback_unit() {
  if (units_.empty()) throw StorageError("rollback_unit: no unit is open");
  const bool nested = units_.back();
  units_.pop_back();
  // SQLite may have rolled the whole transaction back itself after an error.
  if (!in_transaction()) return;
  db_->exec(nested ? "ROLLBACK TO whist_unit; RELEASE whist_unit" : "ROLLBACK", "rollback_unit");
}

}  // namespace whist::storage
