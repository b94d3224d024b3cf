-- The request mix of Benchmarks/serve-load.sh: list, filter, single-beer and
-- recommendation requests in turn. PREFIX (default /v2) is prepended to each path, so the
-- same mix can run against another Punk API server (the parameters are valid for the v3
-- server too: it wants page and per_page ≥ 10); PUNK_ONLY leaves Brewery's own out.
local prefix = os.getenv("PREFIX") or "/v2"
local paths = {
  "/beers?page=1&per_page=25",
  "/beers?page=3&per_page=80",
  "/beers?page=1&per_page=10&hops=nelson&abv_gt=6",
  "/beers?page=1&per_page=25&food=chicken&brewed_before=01-2012",
  "/beers/192",
  "/beers/random",
  "/beers/192/like",
  "/recommend/food?q=chicken+tacos",
}
local skipOwn = os.getenv("PUNK_ONLY") ~= nil
local list = {}
for _, p in ipairs(paths) do
  if not (skipOwn and (p:find("/like") or p:find("/recommend"))) then list[#list + 1] = prefix .. p end
end
local n = 0
request = function()
  n = n + 1
  return wrk.format("GET", list[(n % #list) + 1])
end
local bad = 0
response = function(status)
  if status ~= 200 then bad = bad + 1 end
end
done = function(summary)
  io.write(string.format("non-2xx (this thread's count is not shared; see wrk's own line): %d\n", bad))
end
