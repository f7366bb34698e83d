-- The bench's load (scripts/src/bench.ts runs `wrk -s` with this file). `hello` as the first argument: plain GETs
-- of wrk's URL. Otherwise a player of the game: the bench gives every wrk thread one connection, so each copy of
-- this script (one per thread) plays one game at a time, one request at a time, choosing the next request from
-- the replies as the web client does. It holds its game's version: a move says it (x-state-version) and is
-- answered what changed, which it lays over the state it holds; GET state asks with If-None-Match (304: keep it).
-- It sends a browser's Accept-Encoding and reads gzip replies (lua-zlib) and JSON (lua-cjson).
-- Second argument: "id:flightPrice,..." of every location (from the engine).
local cjson = require("cjson")
local zlib = require("zlib")

local ACCEPT = "gzip, deflate, br, zstd"
local NEW_GAME = '{"playerName":"bench","seed":null}'
local CALLS = { "new", "state", "buy", "sell", "stay", "travel", "encounter" }

local locations = {}
local maxFlight = 0
-- Per call: requests, refusals (4xx/5xx) and 304s; body bytes as received (compressed or not).
counts = {}
bodyBytes = 0

local session, version, state, step, call

function init(args)
  if args[1] == "hello" then
    request, response = nil, nil -- wrk then sends its URL's GET, unchanged
    return
  end
  for id, price in string.gmatch(args[2] or "", "([%w_]+):(%d+)") do
    locations[#locations + 1] = { id = id, price = tonumber(price) }
    maxFlight = math.max(maxFlight, tonumber(price))
  end
  for _, name in ipairs(CALLS) do
    counts[name] = 0
    counts[name .. " refused"] = 0
    counts[name .. " 304"] = 0
  end
end

-- JSON null arrives as cjson.null, not nil.
local function present(value)
  return value ~= nil and value ~= cjson.null
end

local function send(name, method, path, body)
  call = name
  local headers = { ["accept-encoding"] = ACCEPT }
  if body then headers["content-type"] = "application/json" end
  if name ~= "new" then
    headers["x-session-id"] = session
    if name == "state" then headers["if-none-match"] = '"' .. version .. '"' else headers["x-state-version"] = tostring(version) end
  end
  return wrk.format(method, path, headers, body)
end

local function encounterMove(enc)
  local action = "fight"
  if enc.type == "loanSharkVisit" then
    action = enc.canSkip and "skip" or "pay"
  elseif enc.turnOrder ~= "enemy" and enc.canSurrender then
    action = "surrender"
  end
  local target
  for _, enemy in ipairs(enc.enemies) do
    if enemy.isAlive then target = enemy.id break end
  end
  local body = { action = action }
  if action == "fight" and target then body.targetId = target end
  return send("encounter", "POST", "/api/game/encounter", cjson.encode(body))
end

-- A day: state, buy the cheapest drug the cash covers (keeping a flight's price), sell what is held, then stay or
-- travel (four days of each in turn); every encounter is answered first.
function request()
  if not session or not state or state.gameOver then
    session, version, state, step = nil, nil, nil, 0
    return send("new", "POST", "/api/game/new", NEW_GAME)
  end
  if present(state.encounter) then return encounterMove(state.encounter) end
  step = step + 1
  local phase = step % 4
  local player = state.player
  if phase == 1 then return send("state", "GET", "/api/game/state") end
  if phase == 2 then
    local pick
    for _, m in ipairs(state.marketInfo) do
      if m.quantity > 0 and m.price > 0 and m.price <= player.cash and (not pick or m.price < pick.price) then pick = m end
    end
    if pick then
      local quantity = math.min(5, player.coatSpace - player.usedSpace, pick.quantity, math.floor((player.cash - maxFlight) / pick.price))
      if quantity > 0 then
        return send("buy", "POST", "/api/game/shop/buy", cjson.encode({ itemType = "drug", itemId = pick.id, quantity = quantity }))
      end
    end
  end
  if phase == 2 or phase == 3 then
    for _, m in ipairs(state.marketInfo) do
      local held = player.inventory[m.id]
      if held and held.quantity > 0 then
        return send("sell", "POST", "/api/game/sell", cjson.encode({ drugId = m.id, quantity = held.quantity }))
      end
    end
  end
  if step % 8 < 4 then return send("stay", "POST", "/api/game/stay", "{}") end
  local affordable = {}
  for _, l in ipairs(locations) do
    if l.id ~= state.location and l.price <= player.cash then affordable[#affordable + 1] = l end
  end
  if #affordable == 0 then return send("stay", "POST", "/api/game/stay", "{}") end
  return send("travel", "POST", "/api/game/travel", cjson.encode({ destination = affordable[step % #affordable + 1].id }))
end

function response(status, headers, body)
  counts[call] = counts[call] + 1
  bodyBytes = bodyBytes + #body
  if status == 304 then counts[call .. " 304"] = counts[call .. " 304"] + 1 return end
  if status ~= 200 then
    counts[call .. " refused"] = counts[call .. " refused"] + 1
    -- A refused move leaves the game as it was; a lost game (or a server error) starts a new one.
    if status == 404 or status >= 500 then session = nil end
    return
  end
  if (headers["content-encoding"] or headers["Content-Encoding"]) == "gzip" then body = zlib.inflate()(body) end
  local reply = cjson.decode(body)
  if call == "new" then session = reply.sessionId end
  if not present(reply.gameState) then return end
  if present(reply.changedSince) and state then
    for key, value in pairs(reply.gameState) do state[key] = value end
  else
    state = reply.gameState
  end
  version = reply.version
end

local threads = {}

function setup(thread)
  threads[#threads + 1] = thread
end

-- One line for bench.ts: totals, latency percentiles (microseconds) and the players' counts added up.
function done(summary, latency)
  local calls, bytes = {}, 0
  for _, thread in ipairs(threads) do
    for key, n in pairs(thread:get("counts") or {}) do calls[key] = (calls[key] or 0) + n end
    bytes = bytes + (thread:get("bodyBytes") or 0)
  end
  local e = summary.errors
  io.write("BENCH_WRK ", cjson.encode({
    requests = summary.requests,
    durationUs = summary.duration,
    socketErrors = e.connect + e.read + e.write + e.timeout,
    p50Us = latency:percentile(50),
    p99Us = latency:percentile(99),
    calls = calls,
    bodyBytes = bytes,
  }), "\n")
end
