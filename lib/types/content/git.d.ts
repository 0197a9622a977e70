/**
 * Whether `dir` is in a git checkout, from the file system alone: git finds its repository by a `.git`
 * in the folder or in one above it (or by GIT_DIR). Where there is none, a `git` command can only fail,
 * and the build spares itself the process: starting one costs a large process more CPU than a small
 * site's whole build step (the tests build hundreds of small sites outside any checkout).
 */
export declare function inGitCheckout(dir: string): boolean;
