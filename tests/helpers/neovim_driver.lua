-- Drives a headless Neovim as a pack author would use it (tests/e2e/test_neovim.py): open a
-- template of a broken pack, wait for the server's problems, type into settings["…"] and
-- take the completion offered, run :checkhealth vim.lsp, then quit. What it saw is written
-- as JSON to $RESULT; a step that doesn't come within its time is written as the failure.
--
-- $OPEN: the file to open; $TYPE: the keys typed at the end of the file (from normal mode);
-- $TRIGGER: the keys that ask for completion after them ("" where it opens by itself).

local out = { steps = {} }

local function finish(why)
  out.why = why
  vim.fn.writefile({ vim.json.encode(out) }, vim.env.RESULT)
  vim.cmd("qa!")
end

local function keys(text)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(text, true, false, true), "t", false)
end

-- Each check a step; `wait` polls without blocking the loop (insert mode needs the loop).
local function wait(what, ready, after, tries)
  tries = tries or 200
  if ready() then
    table.insert(out.steps, what)
    return after()
  end
  if tries == 0 then
    return finish("no " .. what .. " in time")
  end
  vim.defer_fn(function()
    wait(what, ready, after, tries - 1)
  end, 100)
end

vim.defer_fn(function()
  finish("the whole run took too long")
end, 90000)

vim.cmd("edit " .. vim.fn.fnameescape(vim.env.OPEN))
local buf = vim.api.nvim_get_current_buf()

local function ours()
  for _, client in ipairs(vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = buf })
    or vim.lsp.get_active_clients({ bufnr = buf })) do
    if client.name == "hatch_kindgi" then
      return client
    end
  end
end

local function health()
  vim.cmd("checkhealth vim.lsp")
  out.health = vim.api.nvim_buf_get_lines(0, 0, -1, false)
  finish(nil)
end

local function completed()
  out.items = vim.tbl_map(function(item)
    return item.word
  end, vim.fn.complete_info({ "items" }).items)
  keys("<Esc>")
  vim.defer_fn(function()
    local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
    out.last_line = lines[#lines]
    health()
  end, 200)
end

local function complete()
  out.diagnostics = vim.tbl_map(function(d)
    return { line = d.lnum, col = d.col, code = d.code, message = d.message, severity = d.severity }
  end, vim.diagnostic.get(buf))
  keys(vim.env.TYPE)
  local trigger = vim.env.TRIGGER or "" -- an empty variable reads as nil
  if trigger ~= "" then
    -- After the typed keys: the menu asked for where the typing ended.
    vim.defer_fn(function()
      keys(trigger)
    end, 300)
  end
  wait("completion", function()
    return #vim.fn.complete_info({ "items" }).items > 0
  end, completed)
end

wait("client", function()
  return ours() ~= nil
end, function()
  out.client = ours().name
  wait("diagnostics", function()
    return #vim.diagnostic.get(buf) >= tonumber(vim.env.PROBLEMS)
  end, complete)
end)
