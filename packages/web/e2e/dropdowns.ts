import type { Locator, Page } from 'playwright-core';

/**
 * The Ant Design select dropdown that is open now, once it has finished sliding in.
 *
 * A pick made while the dropdown still carries its appear or enter motion is lost: the option is
 * already in the page and Playwright clicks it, but the select keeps its old value (seen on the
 * organisation tree of the role form and the role holders, 2026-11-28). A person cannot click
 * that fast; a walk on a busy machine can.
 */
export function dropdown(page: Page): Locator {
  return page.locator('.ant-select-dropdown:visible:not([class*="-appear"]):not([class*="-enter"])');
}

/** Picks the first option of the open select dropdown whose text contains `text`. */
export async function pickOption(page: Page, text: string): Promise<void> {
  await dropdown(page).locator('.ant-select-item-option', { hasText: text }).first().click();
}

/** Picks the option of the open select dropdown whose title is `title` (or contains it, with `partly`). */
export async function pickTitled(page: Page, title: string, partly = false): Promise<void> {
  await dropdown(page)
    .locator(`.ant-select-item-option[title${partly ? '*' : ''}="${title}"]`)
    .click();
}

/** Picks the node titled `title` in the open tree select dropdown. */
export async function pickTreeNode(page: Page, title: string): Promise<void> {
  await dropdown(page).locator(`.ant-select-tree-node-content-wrapper[title="${title}"]`).click();
}

/**
 * Opens a tree select's nodes along `path` (each by its name) and picks the last one. Nodes load
 * a level at a time; each is waited for.
 */
export async function pickInTree(page: Page, select: Locator, path: string[]): Promise<void> {
  await select.click();
  const tree = dropdown(page);
  for (const [i, name] of path.entries()) {
    const node = tree.locator('.ant-select-tree-treenode', { hasText: name }).last();
    await node.waitFor();
    if (i === path.length - 1) await node.locator('.ant-select-tree-node-content-wrapper').click();
    else if (!(await node.getAttribute('class'))?.includes('switcher-open'))
      await node.locator('.ant-select-tree-switcher').click();
  }
}
