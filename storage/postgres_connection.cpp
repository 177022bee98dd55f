// The PostgreSQL side of sql.hpp, on libpq: a connection to a server and
// its statements.
//
// A statement runs with PQexecParams when first stepped: its ?N parameters
// written $N, each value sent as text with its type (bigint, text, double
// precision; a NULL's type is left to the server), the rows read back as
// text. Its rows come back whole (the stores read small results).
#include <libpq-fe.h>

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <utility>
#include <vector>

#include "storage/sql.hpp"

namespace whist::storage::detail {

namespace {

// The types of pg_type.h (a server header, which clients do not get).
constexpr Oid kInt8 = 20;
constexpr Oid kText = 25;
constexpr Oid kFloat8 = 701;

// SQLSTATE codes of the constraints the stores handle.
constexpr std::string_view kUniqueViolation = "23505";
constexpr std::string_view kForeignKeyViolation = "23503";

// `sql` with ?N written $N (outside quoted strings and names).
std::string dollar_parameters(std::string_view sql) {
  std::string out;
  out.reserve(sql.size());
  char quote = 0;
  for (const char c : sql) {
    if (quote != 0) {
      if (c == quote) quote = 0;
      out += c;
    } else if (c == '\'' || c == '"') {
      quote = c;
      out += c;
    } else {
      out += c == '?' ? '$' : c;
    }
  }
  return out;
}

struct ResultDeleter {
  void operator()(PGresult* r) const { PQclear(r); }
};
using Result = std::unique_ptr<PGresult, ResultDeleter>;

std::string trimmed(const char* message) {
  std::string s = message != nullptr ? message : "";
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

// A failed result's message: its primary text only. The DETAIL of a broken
// constraint quotes the row's values (a session's token hash, say), which
// must not reach an error or a log.
std::string result_error(const PGresult* r, PGconn* conn) {
  if (r != nullptr) {
    if (const char* primary = PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY))
      return trimmed(primary);
  }
  return trimmed(PQerrorMessage(conn));
}

class PostgresConnection;

class PostgresCursor final : public Cursor {
 public:
  PostgresCursor(PostgresConnection* db, std::string_view sql, std::string_view what)
      : db_(db), sql_(dollar_parameters(sql)), what_(what) {}

  void bind_int64(int i, std::int64_t value) override { set(i, std::to_string(value), kInt8); }
  void bind_text(int i, std::string_view value) override { set(i, std::string(value), kText); }
  void bind_real(int i, double value) override {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, value);
    set(i, std::string(buf, r.ptr), kFloat8);
  }
  void bind_null(int i) override { set(i, std::nullopt, 0); }
  void reset() override {
    result_.reset();
    row_ = -1;
  }
  StepResult step() override;
  std::int64_t insert_id() override {
    returning_ = true;
    const StepResult r = step();
    returning_ = false;
    if (r == StepResult::kDone) return 0;  // nothing inserted
    if (r != StepResult::kRow) fail();
    return int64(0);
  }
  std::string error() const override { return std::string(what_) + ": " + error_; }
  bool is_null(int col) const override { return PQgetisnull(result_.get(), row_, col) != 0; }
  std::int64_t int64(int col) const override;
  double real(int col) const override {
    if (is_null(col)) return 0;
    return std::strtod(PQgetvalue(result_.get(), row_, col), nullptr);
  }
  std::string text(int col) const override {
    if (is_null(col)) return {};
    return std::string(PQgetvalue(result_.get(), row_, col),
                       static_cast<std::size_t>(PQgetlength(result_.get(), row_, col)));
  }

 private:
  void set(int i, std::optional<std::string> value, Oid type) {
    if (i < 1) throw StorageError(std::string(what_) + ": parameter " + std::to_string(i));
    const auto n = static_cast<std::size_t>(i);
    if (values_.size() < n) {
      // A parameter left unbound (one the SQL does not use) is a NULL text:
      // the server wants a type for each.
      values_.resize(n);
      types_.resize(n, kText);
    }
    values_[n - 1] = std::move(value);
    types_[n - 1] = type;
  }

  PostgresConnection* db_;
  std::string sql_;
  std::string sql_returning_;  // sql_ with " RETURNING id", made at the first insert_id
  std::string_view what_;
  std::vector<std::optional<std::string>> values_;
  std::vector<Oid> types_;
  Result result_;
  int row_ = -1;            // -1: not run since the last reset
  bool returning_ = false;  // run with " RETURNING id" (insert_id)
  std::string error_;
};

class PostgresConnection final : public Connection {
 public:
  explicit PostgresConnection(const std::string& uri) : conn_(PQconnectdb(uri.c_str())) {
    if (conn_ == nullptr) throw StorageError("connecting to PostgreSQL: out of memory");
    if (PQstatus(conn_) != CONNECTION_OK) {
      // libpq's message names the host and port, never the password.
      std::string message = "connecting to PostgreSQL: " + trimmed(PQerrorMessage(conn_));
      PQfinish(conn_);
      throw StorageError(message);
    }
    try {
      // Notices (such as "there is no transaction in progress") are not errors.
      exec("SET client_min_messages = warning", "opening database: setting client_min_messages");
      // A transaction waits for another's row lock at most this long.
      exec("SET lock_timeout = '5s'", "opening database: setting lock_timeout");
    } catch (...) {
      PQfinish(conn_);
      throw;
    }
  }
  ~PostgresConnection() override { PQfinish(conn_); }
  PostgresConnection(const PostgresConnection&) = delete;
  PostgresConnection& operator=(const PostgresConnection&) = delete;

  Dialect dialect() const override { return Dialect::kPostgres; }
  std::unique_ptr<Cursor> prepare(std::string_view sql, std::string_view what) override {
    return std::make_unique<PostgresCursor>(this, sql, what);
  }
  void exec(const char* sql, std::string_view what) override {
    const Result r(PQexec(conn_, sql));
    const ExecStatusType status = r ? PQresultStatus(r.get()) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK)
      throw StorageError(std::string(what) + ": " + result_error(r.get(), conn_));
    // A whole transaction rolled back (not a savepoint): as SQLite's hook.
    const std::string_view text(sql);
    if (hook_ && text.rfind("ROLLBACK", 0) == 0 && text.rfind("ROLLBACK TO", 0) != 0) hook_();
  }
  bool in_transaction() const override { return PQtransactionStatus(conn_) != PQTRANS_IDLE; }
  std::int64_t changes() const override { return changes_; }
  [[noreturn]] void fail(std::string_view what) const override {
    throw StorageError(std::string(what) + ": " + trimmed(PQerrorMessage(conn_)));
  }
  // Read committed (PostgreSQL's default): each statement sees what was
  // committed before it began, and an UPDATE waits for the row's lock and
  // then reads the row again, so `chips = chips + ?` never loses a change.
  const char* begin_write_sql() const override { return "BEGIN"; }
  // One snapshot for every read of the transaction, as SQLite's.
  const char* begin_read_sql() const override {
    return "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY";
  }
  void on_rollback(std::function<void()> hook) override { hook_ = std::move(hook); }

  PGconn* conn() const { return conn_; }
  void set_changes(std::int64_t n) { changes_ = n; }

 private:
  PGconn* conn_;
  std::int64_t changes_ = 0;
  std::function<void()> hook_;
};

StepResult PostgresCursor::step() {
  if (row_ < 0) {
    std::vector<const char*> values(values_.size());
    for (std::size_t i = 0; i < values_.size(); ++i)
      values[i] = values_[i] ? values_[i]->c_str() : nullptr;
    if (returning_ && sql_returning_.empty()) sql_returning_ = sql_ + " RETURNING id";
    result_.reset(PQexecParams(db_->conn(), returning_ ? sql_returning_.c_str() : sql_.c_str(),
                               static_cast<int>(values.size()), types_.data(), values.data(),
                               nullptr, nullptr, 0));
    const ExecStatusType status = result_ ? PQresultStatus(result_.get()) : PGRES_FATAL_ERROR;
    if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
      error_ = result_error(result_.get(), db_->conn());
      const char* state = result_ ? PQresultErrorField(result_.get(), PG_DIAG_SQLSTATE) : nullptr;
      const std::string_view code = state != nullptr ? state : "";
      result_.reset();
      if (code == kUniqueViolation) return StepResult::kUnique;
      if (code == kForeignKeyViolation) return StepResult::kForeignKey;
      fail();
    }
    // Rows written, as SQLite counts them: by INSERT, UPDATE and DELETE only.
    const std::string_view tag = PQcmdStatus(result_.get());
    if (tag.rfind("INSERT", 0) == 0 || tag.rfind("UPDATE", 0) == 0 || tag.rfind("DELETE", 0) == 0)
      db_->set_changes(std::atoll(PQcmdTuples(result_.get())));
    row_ = 0;
  } else {
    ++row_;
  }
  if (PQresultStatus(result_.get()) == PGRES_TUPLES_OK && row_ < PQntuples(result_.get()))
    return StepResult::kRow;
  return StepResult::kDone;
}

std::int64_t PostgresCursor::int64(int col) const {
  if (is_null(col)) return 0;
  const char* v = PQgetvalue(result_.get(), row_, col);
  const std::size_t n = static_cast<std::size_t>(PQgetlength(result_.get(), row_, col));
  // A boolean (a comparison or EXISTS) reads as 0 or 1, as in SQLite.
  if (n == 1 && (v[0] == 't' || v[0] == 'f')) return v[0] == 't' ? 1 : 0;
  std::int64_t out = 0;
  const auto r = std::from_chars(v, v + n, out);
  if (r.ec == std::errc() && r.ptr == v + n) return out;
  // A numeric with a fraction (an average): truncated, as SQLite's cast.
  return static_cast<std::int64_t>(std::strtod(v, nullptr));
}

}  // namespace

std::unique_ptr<Connection> open_postgres(const std::string& uri) {
  return std::make_unique<PostgresConnection>(uri);
}

}  // namespace whist::storage::detail
