-- What each indexed repository provides to others (issue 15): the names other code
-- imports it by (a Go module path, an npm package, a Python package or distribution,
-- Maven coordinates, a crate, a .NET root namespace), and the folder holding each. An
-- import leaving one repository links into another repository of the graph that provides it.
CREATE TABLE repo_provides (
  repo_hash TEXT NOT NULL,
  ecosystem TEXT NOT NULL,
  name TEXT NOT NULL,
  root TEXT NOT NULL,
  entry TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (repo_hash, ecosystem, name, root)
) WITHOUT ROWID;
CREATE INDEX repo_provides_by_name ON repo_provides (ecosystem, name);
