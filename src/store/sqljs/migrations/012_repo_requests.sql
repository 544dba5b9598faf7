-- The services each indexed repository's files send HTTP requests to (issue 15): the
-- first label of a host the URL writes (`cartservice` of `http://cartservice:7070/cart`),
-- lower case, per requesting file. Indexing a repository that runs one of those services
-- re-links exactly these files, so a request links to the route of another repository
-- whichever repository was indexed first.
CREATE TABLE repo_requests (
  repo_hash TEXT NOT NULL,
  service TEXT NOT NULL,
  path TEXT NOT NULL,
  PRIMARY KEY (repo_hash, service, path)
) WITHOUT ROWID;
CREATE INDEX repo_requests_by_service ON repo_requests (service);
